/* XDP: xdp_md fields besides the packet pointers.  */
/// ARGS: --data-hex @UDP
#include "common.h"

SEC("xdp")
int cf(struct xdp_md *ctx)
{
  return ctx->ingress_ifindex * 1000 + ctx->rx_queue_index * 10 + (ctx->data_meta == ctx->data);
}
