/* XDP: turn an ARP request into a reply in place.  */
/// ARGS: --data-hex @ARP
/// ARGS: --data-hex @UDP
#include "common.h"

struct arp { __be16 htype, ptype; __u8 hlen, plen; __be16 op; __u8 sha[6]; __u8 spa[4]; __u8 tha[6]; __u8 tpa[4]; } __attribute__((packed));
SEC("xdp")
int arp(struct xdp_md *ctx)
{
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  struct ethhdr *eth = data;
  struct arp *a = (void *)(eth + 1);
  if ((void *)(a + 1) > end || eth->h_proto != bpf_htons(ETH_P_ARP))
    return XDP_PASS;
  __u8 ip[4];
  __builtin_memcpy(ip, a->tpa, 4);
  __builtin_memcpy(a->tha, a->sha, 6);
  __builtin_memcpy(a->tpa, a->spa, 4);
  __builtin_memcpy(a->spa, ip, 4);
  a->op = bpf_htons(2);
  __builtin_memcpy(eth->h_dest, a->tha, 6);
  return XDP_TX;
}
