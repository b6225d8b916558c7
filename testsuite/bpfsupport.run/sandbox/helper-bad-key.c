/* A helper given a key pointer that is not memory.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 4 bytes at 0x1234 by bpf_map_lookup_elem key
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 4); __type(key, __u32); __type(value, __u64); } m SEC(".maps");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  return bpf_map_lookup_elem(&m, (void *)0x1234) != 0;
}
