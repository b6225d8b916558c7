/* Writing past the end of a map value.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid write of 8 bytes at 0x[0-9a-f]+: outside value of map .m.
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 4); __type(key, __u32); __type(value, __u64); } m SEC(".maps");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u32 k = 0;
  __u64 *v = bpf_map_lookup_elem(&m, &k);
  if (v)
    v[1] = 1;
  return 0;
}
