/* tc: per-CPU byte counters.  */
/// ARGS: --data-hex @UDP --repeat 3
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY); __uint(max_entries, 4); __type(key, __u32); __type(value, __u64); } bytes SEC(".maps");
SEC("tc")
int cp(struct __sk_buff *skb)
{
  __u32 k = skb->protocol == bpf_htons(ETH_P_IP);
  __u64 *v = bpf_map_lookup_elem(&bytes, &k);
  if (v)
    *v += skb->len;
  return TC_ACT_OK;
}
