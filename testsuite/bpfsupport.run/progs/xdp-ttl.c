/* XDP: decrement the IPv4 TTL and patch the checksum.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int ttl(struct xdp_md *ctx)
{
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  struct ethhdr *eth = data;
  struct iphdr *ip = (void *)(eth + 1);
  if ((void *)(ip + 1) > end || eth->h_proto != bpf_htons(ETH_P_IP))
    return XDP_PASS;
  __u32 check = ip->check;
  check += bpf_htons(0x0100);
  ip->check = (__u16)(check + (check >= 0xFFFF));
  ip->ttl--;
  return ip->ttl;
}
