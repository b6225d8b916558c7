/* XDP: unsigned division and modulo, including by zero (kernel rules).  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int dm(struct xdp_md *ctx)
{
  unsigned char *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  if (data + 40 > end)
    return 0;
  __u64 a = *(__u64 *)(data + 14), b = data[20], z = data[21] & 0; /* z is 0 */
  volatile __u64 zero = z;
  __u32 a32 = a, b32 = b;
  volatile __u32 zero32 = (__u32)z;
  __u64 r = a / (b + 1) + a % (b + 3) + (a32 / (b32 + 1)) + (a32 % (b32 + 5));
  r += a / zero;        /* 0 */
  r += a % zero;        /* a */
  r += a32 / zero32;    /* 0 */
  r += a32 % zero32;    /* a32 */
  return (int)(r ^ (r >> 32));
}
