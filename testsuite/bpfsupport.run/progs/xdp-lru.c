/* XDP: LRU hash within capacity.  */
/// ARGS: --data-hex @UDP --repeat 2
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_LRU_HASH); __uint(max_entries, 128); __type(key, __u64); __type(value, __u64); } lru SEC(".maps");
SEC("xdp")
int l(struct xdp_md *ctx)
{
  __u64 n = 0;
  #pragma unroll
  for (__u64 i = 0; i < 5; i++)
    {
      __u64 k = i * 1000 + 7, *v = bpf_map_lookup_elem(&lru, &k);
      if (v)
        n += ++*v;
      else
        bpf_map_update_elem(&lru, &k, &i, BPF_ANY);
    }
  return n;
}
