/* Nested bpf_loop: 8M iterations of a callback that runs bpf_loop of 8M
   iterations (about 7e13 instructions: days) under --max-insns 100000.  */
/// ARGS: --data-hex @UDP --max-insns 100000
/// ERROR: instruction budget of 100000 exhausted
#include "../progs/common.h"

static long inner(__u32 i, void *ctx)
{
  return 0;
}
static long outer(__u32 i, void *ctx)
{
  bpf_loop(1 << 23, inner, 0, 0);
  return 0;
}
SEC("xdp")
int f(struct xdp_md *ctx)
{
  return bpf_loop(1 << 23, outer, 0, 0);
}
