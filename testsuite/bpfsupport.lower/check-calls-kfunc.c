/* allow-extern-calls lets a kfunc declared __ksym through.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-bpfsupport-allow-extern-calls" } */
/* { dg-final { scan-assembler "call\tbpf_kfunc_example" } } */
extern int bpf_kfunc_example (int) __attribute__ ((section (".ksyms")));

int
caller (int x)
{
  return bpf_kfunc_example (x);
}
