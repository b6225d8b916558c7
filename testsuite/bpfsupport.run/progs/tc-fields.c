/* tc classifier: __sk_buff fields and direct packet access.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 12); __type(key, __u32); __type(value, __u32); } f SEC(".maps");

static void put(__u32 k, __u32 v) { bpf_map_update_elem(&f, &k, &v, 0); }

SEC("tc")
int fields(struct __sk_buff *skb)
{
  void *data = (void *)(long)skb->data, *end = (void *)(long)skb->data_end;
  put(0, skb->len);
  put(1, skb->pkt_type);
  put(2, skb->protocol);
  put(3, skb->ifindex);
  put(4, skb->ingress_ifindex);
  put(5, end - data);
  put(6, skb->data_meta == skb->data);
  put(7, skb->tc_classid);
  put(8, skb->wire_len);
  put(9, skb->gso_size);
  put(10, skb->tstamp != 0);
  put(11, skb->hash);
  return TC_ACT_OK;
}
