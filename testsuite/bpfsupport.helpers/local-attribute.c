/* kernel_helper on an automatic local: calls through it are `call N', as
   through a static pointer with the attribute (a store into it is an error,
   so its value is the attribute's).  It gave "call to address 0, which is
   no BPF helper" (issue 20, item 7).  */
/* { dg-do assemble } */
/* { dg-final { object-calls "14 7" } } */
typedef unsigned long long u64;

__attribute__((section("xdp"), used)) int
prog (void *ctx)
{
  u64 (*pid) (void) __attribute__((kernel_helper(14)));
  unsigned (*rnd) (void) __attribute__((kernel_helper(7)));
  return pid () + rnd ();
}
