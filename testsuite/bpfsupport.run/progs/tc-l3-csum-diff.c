/* tc: rewrite the source address with bpf_csum_diff + bpf_l3_csum_replace.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("tc")
int l3d(struct __sk_buff *skb)
{
  void *data = (void *)(long)skb->data, *end = (void *)(long)skb->data_end;
  struct iphdr *ip = data + sizeof(struct ethhdr);
  if ((void *)(ip + 1) > end)
    return TC_ACT_OK;
  __be32 old = ip->saddr, new = bpf_htonl(0xc0000201);
  __s64 d = bpf_csum_diff(&old, 4, &new, 4, 0);
  bpf_skb_store_bytes(skb, ETH_HLEN + offsetof(struct iphdr, saddr), &new, 4, 0);
  bpf_l3_csum_replace(skb, ETH_HLEN + offsetof(struct iphdr, check), 0, d, 0);
  return TC_ACT_OK;
}
