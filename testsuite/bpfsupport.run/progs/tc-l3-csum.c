/* tc: change the IPv4 TTL and fix the header checksum with bpf_l3_csum_replace.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("tc")
int l3(struct __sk_buff *skb)
{
  void *data = (void *)(long)skb->data, *end = (void *)(long)skb->data_end;
  struct iphdr *ip = data + sizeof(struct ethhdr);
  if ((void *)(ip + 1) > end)
    return TC_ACT_OK;
  __u16 old = *(__u16 *)&ip->ttl;
  ip->ttl = 5;
  __u16 new = *(__u16 *)&ip->ttl;
  bpf_l3_csum_replace(skb, ETH_HLEN + offsetof(struct iphdr, check), old, new, 2);
  return TC_ACT_OK;
}
