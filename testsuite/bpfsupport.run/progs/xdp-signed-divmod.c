/* XDP: signed division and modulo (compilers emit shifts and unsigned ops for cpu<v4).  */
/// ARGS: --data-hex @UDP
/// ONLY: gcc gcc-plugin
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int sdm(struct xdp_md *ctx)
{
  long x = -(long)(ctx->data_end - ctx->data) * 12345;
  long q = x / 8, r = x % 8;
  int y = (int)x;
  int q2 = y / 16, r2 = y % 16;
  return (int)(q + r * 3 + q2 * 5 + r2 * 7);
}
