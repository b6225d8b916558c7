/* Recursion past the kernel limit of 8 frames.  */
/// ARGS: --data-hex @UDP
/// ERROR: call depth exceeds 8 frames
#include "../progs/common.h"

static __attribute__((noinline)) int rec(int n)
{
  if (n == 0)
    return 0;
  return (rec(n - 1) << 1) ^ n;
}
SEC("xdp")
int f(struct xdp_md *ctx)
{
  return rec(ctx->data_end - ctx->data);
}
