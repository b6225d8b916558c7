/* XDP: drop packets that are too short for IPv4+UDP.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @ARP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int ds(struct xdp_md *ctx)
{
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  if (data + sizeof(struct ethhdr) + sizeof(struct iphdr) + sizeof(struct udphdr) + 8 > end)
    return XDP_DROP;
  return XDP_PASS;
}
