/* XDP: parse an IPv6 header.  */
/// ARGS: --data-hex @V6
/// ARGS: --data-hex @UDP
#include "common.h"

SEC("xdp")
int v6(struct xdp_md *ctx)
{
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  struct ethhdr *eth = data;
  struct ipv6hdr *ip6 = (void *)(eth + 1);
  if ((void *)(ip6 + 1) > end)
    return 1;
  if (eth->h_proto != bpf_htons(ETH_P_IPV6))
    return 2;
  __u32 s = 0;
  for (int i = 0; i < 16; i++)
    s += ip6->daddr.s6_addr[i] * (i + 1);
  return s * 256 + ip6->nexthdr + ip6->hop_limit;
}
