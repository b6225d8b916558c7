/* Reading through a map pointer.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 4 bytes at 0x[0-9a-f]+: map handle
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 4); __type(key, __u32); __type(value, __u64); } m SEC(".maps");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  return *(volatile int *)&m;
}
