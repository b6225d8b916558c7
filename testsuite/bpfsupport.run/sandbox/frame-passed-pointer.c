/* Guarantee: a callee reads and writes its caller's stack through a
   pointer the caller passed (the kernel allows it; so does bpf-run).  */
/// ARGS: --data-hex @UDP
/// OUTPUT: retval 43
#include "../progs/common.h"

static __attribute__((noinline)) void bump(volatile long *p)
{
  *p = *p + 1;
}
SEC("xdp")
int f(struct xdp_md *ctx)
{
  volatile long v = 42;
  bump(&v);
  return v;
}
