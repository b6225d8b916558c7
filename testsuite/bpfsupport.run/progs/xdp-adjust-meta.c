/* XDP: metadata area before the packet.  */
/// ARGS: --data-hex @UDP
#include "common.h"

SEC("xdp")
int am(struct xdp_md *ctx)
{
  if (bpf_xdp_adjust_meta(ctx, -8))
    return 1;
  __u32 *meta = (void *)(long)ctx->data_meta;
  void *data = (void *)(long)ctx->data;
  if ((void *)(meta + 2) > data)
    return 2;
  meta[0] = 0xdeadbeef;
  meta[1] = ctx->data_end - ctx->data;
  return data - (void *)meta;
}
