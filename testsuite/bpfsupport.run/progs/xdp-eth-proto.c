/* XDP: parse the Ethernet header.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @ARP
/// ARGS: --data-hex @V6
#include "common.h"

SEC("xdp")
int proto(struct xdp_md *ctx)
{
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  struct ethhdr *eth = data;
  if ((void *)(eth + 1) > end)
    return XDP_ABORTED;
  return bpf_ntohs(eth->h_proto);
}
