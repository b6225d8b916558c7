/* allow-extern-calls lets any extern function through, not only kfuncs
   declared __ksym (which need no option: check-calls-ksym.c).  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-bpfsupport-allow-extern-calls" } */
/* { dg-final { scan-assembler "call\tbpf_kfunc_example" } } */
extern int bpf_kfunc_example (int);

int
caller (int x)
{
  return bpf_kfunc_example (x);
}
