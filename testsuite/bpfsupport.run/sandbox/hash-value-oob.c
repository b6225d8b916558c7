/* Reading past a hash map value.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 4 bytes at 0x[0-9a-f]+: outside value of map .h.
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_HASH); __uint(max_entries, 4); __type(key, __u32); __type(value, __u32); } h SEC(".maps");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u32 k = 1, v = 2;
  bpf_map_update_elem(&h, &k, &v, 0);
  __u32 *p = bpf_map_lookup_elem(&h, &k);
  return p ? p[1] : 0;
}
