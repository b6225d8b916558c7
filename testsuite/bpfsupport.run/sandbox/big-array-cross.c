/* An access crossing two elements of a big array map.  */
/// ARGS: --data-hex @UDP
/// ERROR: crosses the end of an element of value of map .big.
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 100000); __type(key, __u32); __type(value, __u32); } big SEC(".maps");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u32 k = 5;
  __u32 *v = bpf_map_lookup_elem(&big, &k);
  if (!v)
    return 0;
  return *(volatile __u64 *)v;
}
