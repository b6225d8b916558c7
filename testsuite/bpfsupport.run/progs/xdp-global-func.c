/* XDP: a global (non-static) function in .text.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

__attribute__((noinline)) int scale(int x, int y)
{
  return x * y + (x ^ y);
}
SEC("xdp")
int gf(struct xdp_md *ctx)
{
  return scale(ctx->data_end - ctx->data, 7) + scale(3, 4);
}
