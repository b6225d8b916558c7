/* XDP: bpf_xdp_adjust_head pushing and pulling bytes.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int ah(struct xdp_md *ctx)
{
  if (bpf_xdp_adjust_head(ctx, -4))
    return 100;
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  if (data + 18 > end)
    return 101;
  __builtin_memmove(data, data + 4, 12);  /* overlapping: memcpy would be undefined */
  ((unsigned char *)data)[12] = 0x81;
  ((unsigned char *)data)[13] = 0x00;
  ((unsigned char *)data)[14] = 0x00;
  ((unsigned char *)data)[15] = 0x2a;
  long r = bpf_xdp_adjust_head(ctx, -4000);
  return r == 0 ? 102 : (int)(ctx->data_end - ctx->data);
}
