/* tc action: rewrite the destination MAC with bpf_skb_store_bytes.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @ARP
#include "common.h"

SEC("action")
int act(struct __sk_buff *skb)
{
  __u8 mac[6] = { 2, 0, 0, 0, 0, 1 };
  if (bpf_skb_store_bytes(skb, 0, mac, 6, 0))
    return TC_ACT_SHOT;
  return skb->len > 50 ? TC_ACT_PIPE : TC_ACT_OK;
}
