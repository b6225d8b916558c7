/* bpf_loop with a callback without branches: the budget was checked only
   at jumps and calls, so 8M iterations ran under --max-insns 1000
   (16.7M instructions).  Every instruction counts, callbacks too.  */
/// ARGS: --data-hex @UDP --max-insns 1000
/// ERROR: instruction budget of 1000 exhausted
#include "../progs/common.h"

static long cb(__u32 i, void *ctx)
{
  return 0;
}
SEC("xdp")
int f(struct xdp_md *ctx)
{
  return bpf_loop(1 << 23, cb, 0, 0);
}
