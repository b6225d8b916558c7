/* XDP: byte-order conversions.  */
/// ARGS: --data-hex @UDP
#include "common.h"

SEC("xdp")
int bs(struct xdp_md *ctx)
{
  __u64 x = ctx->data_end - ctx->data;
  x = x * 0x0102030405060708ull;
  __u64 a = __builtin_bswap64(x);
  __u32 b = __builtin_bswap32((__u32)x);
  __u16 c = __builtin_bswap16((__u16)x);
  return (int)(a ^ b ^ c ^ bpf_htonl((__u32)x) ^ bpf_ntohs((__u16)(x >> 8)));
}
