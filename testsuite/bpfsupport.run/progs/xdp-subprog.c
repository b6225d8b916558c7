/* XDP: static subprograms with several arguments, bpf-to-bpf calls.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

static __attribute__((noinline)) __u64 mix(__u64 a, __u64 b, __u64 c, __u64 d, __u64 e)
{
  return (a * 31 + b) ^ (c << 3) ^ (d >> 1) ^ e;
}
static __attribute__((noinline)) int twice(int x) { return x * 2; }
static __attribute__((noinline)) int level2(int x) { return twice(x) + twice(x + 1); }
SEC("xdp")
int s(struct xdp_md *ctx)
{
  int len = ctx->data_end - ctx->data;
  return (int)mix(len, 2, 3, 4, 5) + level2(len);
}
