/* XDP: 32-bit arithmetic wraps and zero-extends.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int a32(struct xdp_md *ctx)
{
  __u32 x = ctx->data_end - ctx->data;
  __u32 y = x * 0x9e3779b9u;
  y ^= y >> 15;
  y += 0xfffffff0u;
  y <<= (x & 7);
  __u64 z = y;
  z += (__u32)(x - 100);
  return (int)(z >> 8) ^ (int)z;
}
