/* XDP: variable shifts, including counts at and over the width (masked).  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int sh(struct xdp_md *ctx)
{
  unsigned char *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  if (data + 40 > end)
    return 0;
  __u64 v = 0xf0e1d2c3b4a59687ull;
  __u32 n = data[39];
  volatile __u32 big = 64 + (n & 7);
  __u64 r = (v << (n & 63)) ^ (v >> (n & 31)) ^ ((__s64)v >> (n & 15));
  __u32 w = (__u32)v;
  r += (w << (n & 31)) + (w >> ((n + 3) & 31)) + ((__s32)w >> (n & 7));
  asm volatile("" ::: "memory");
  return (int)(r ^ (r >> 32));
}
