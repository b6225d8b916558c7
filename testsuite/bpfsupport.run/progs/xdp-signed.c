/* XDP: signed arithmetic, arithmetic shifts, signed compares.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int sg(struct xdp_md *ctx)
{
  unsigned char *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  if (data + 40 > end)
    return 0;
  long a = -(long)data[30] * 1000, b = (signed char)data[31];
  int r = 0;
  if (a < b) r |= 1;
  if (a <= -5) r |= 2;
  if ((int)a > -100) r |= 4;
  if (b >= 0) r |= 8;
  r += (int)(a >> 3);
  r += (int)(((int)a) >> 5);
  r ^= (int)(a * b);
  return r;
}
