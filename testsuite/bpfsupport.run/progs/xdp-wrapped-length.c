/* XDP: a packet length computed from the context's u32 pointer fields,
   wrapped and widened (issue 36's program).  Below v3 the widening was a
   no-op (returned -1, plugin/backend-zero-extend.cc); at v3 and v4 GCC
   reassociated `(data_end - data) - 1000' into `(data_end + -1000) -
   data', 32-bit arithmetic on pkt_end that the verifier refuses
   (plugin/verifier-packet-arith.cc).  clang-19: 0 at every -mcpu.  */
/// ARGS: --prog wl --data-hex @UDP
/// ARGS: --prog wl --data-hex @TCP
/// ARGS: --prog wl_meta --data-hex @UDP
#include "common.h"

SEC("xdp")
int wl(struct xdp_md *ctx)
{
  __u32 len = ctx->data_end - ctx->data;
  __u32 b = len - 1000;                 /* wraps */
  __u64 c = b;
  asm volatile("" : "+r"(c));
  return (int)(c >> 32);
}

SEC("xdp")
int wl_meta(struct xdp_md *ctx)
{
  /* the same with the constant on the other side, and an equality of two
     packet pointers used as a value (xor of pointers, refused) */
  __u32 room = ctx->data - (ctx->data_meta + 4);
  __u64 r = room;
  asm volatile("" : "+r"(r));
  return (int)(r >> 32) + (ctx->data_meta == ctx->data) * 2
         + (ctx->data_end != ctx->data) * 4;
}
