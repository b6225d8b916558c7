/* XDP: bpf_xdp_adjust_tail shrinking and growing.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int at(struct xdp_md *ctx)
{
  int r = 0;
  if (bpf_xdp_adjust_tail(ctx, -6) == 0)
    r += 1;
  if (bpf_xdp_adjust_tail(ctx, 10) == 0)
    r += 2;
  if (bpf_xdp_adjust_tail(ctx, 5000) != 0)
    r += 4;
  if (bpf_xdp_adjust_tail(ctx, -1000) != 0)
    r += 8;
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  if (data + 20 <= end)
    ((char *)data)[19] = 0x77;
  return r * 1000 + (end - data);
}
