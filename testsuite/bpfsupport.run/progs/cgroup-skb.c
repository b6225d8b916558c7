/* cgroup_skb: allow or drop by protocol, count in a map.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 2); __type(key, __u32); __type(value, __u64); } c SEC(".maps");

SEC("cgroup_skb/egress")
int cg(struct __sk_buff *skb)
{
  __u8 proto = 0;
  bpf_skb_load_bytes(skb, 9, &proto, 1);
  __u32 k = proto == IPPROTO_TCP;
  __u64 *v = bpf_map_lookup_elem(&c, &k);
  if (v)
    *v += skb->len;
  return proto == IPPROTO_UDP;
}
