/* XDP: rewrite the UDP destination port.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int port(struct xdp_md *ctx)
{
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  struct ethhdr *eth = data;
  struct iphdr *ip = (void *)(eth + 1);
  if ((void *)(ip + 1) > end || ip->protocol != IPPROTO_UDP)
    return XDP_PASS;
  struct udphdr *udp = (void *)ip + ip->ihl * 4;
  if ((void *)(udp + 1) > end)
    return XDP_PASS;
  __u16 old = udp->dest;
  udp->dest = bpf_htons(53);
  udp->check = 0;
  return bpf_ntohs(old);
}
