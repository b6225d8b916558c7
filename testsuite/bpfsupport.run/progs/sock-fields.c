/* Socket filter: __sk_buff fields as the kernel's test run sets them.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
/// ARGS: --data-hex @ARP
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 16); __type(key, __u32); __type(value, __u32); } f SEC(".maps");

static void put(__u32 k, __u32 v) { bpf_map_update_elem(&f, &k, &v, 0); }

SEC("socket")
int fields(struct __sk_buff *skb)
{
  put(0, skb->len);
  put(1, skb->pkt_type);
  put(2, skb->protocol);
  put(3, skb->ifindex);
  put(4, skb->ingress_ifindex);
  put(5, skb->mark);
  put(6, skb->priority);
  put(7, skb->queue_mapping);
  put(8, skb->vlan_present);
  put(9, skb->hash);
  put(10, skb->tc_index);
  put(11, skb->vlan_tci);
  put(12, skb->gso_segs);
  put(13, skb->vlan_proto);
  put(14, skb->cb[4]);
  put(15, skb->cb[0]);
  return skb->len;
}
