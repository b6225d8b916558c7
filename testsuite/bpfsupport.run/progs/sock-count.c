/* Socket filter: count packets by protocol in a hash map.  */
/// ARGS: --data-hex @UDP --repeat 3
/// ARGS: --data-hex @TCP
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_HASH); __uint(max_entries, 8); __type(key, __u32); __type(value, __u64); } cnt SEC(".maps");
SEC("socket")
int sc(struct __sk_buff *skb)
{
  __u8 proto;
  if (bpf_skb_load_bytes(skb, 9, &proto, 1))
    return 0;
  __u32 k = proto;
  __u64 one = 1, *v = bpf_map_lookup_elem(&cnt, &k);
  if (v)
    *v += skb->len;
  else
    bpf_map_update_elem(&cnt, &k, &one, 0);
  return -1;
}
