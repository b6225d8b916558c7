/* tc: direct packet access rewriting the IPv4 TOS byte.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("tc")
int rw(struct __sk_buff *skb)
{
  void *data = (void *)(long)skb->data, *end = (void *)(long)skb->data_end;
  struct ethhdr *eth = data;
  struct iphdr *ip = (void *)(eth + 1);
  if ((void *)(ip + 1) > end)
    return TC_ACT_SHOT;
  ip->tos = 0xb8;
  eth->h_dest[0] = 0x02;
  return TC_ACT_OK;
}
