/* XDP: array lookups in and out of range.  */
/// ARGS: --data-hex @UDP
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 3); __type(key, __u32); __type(value, __u32); } arr SEC(".maps");

static __attribute__((noinline)) int probe(__u32 i)
{
  __u32 *p = bpf_map_lookup_elem(&arr, &i);
  if (!p)
    return 0;
  *p = i + 40;
  return 1;
}
SEC("xdp")
int oob(struct xdp_md *ctx)
{
  return probe(0) | probe(1) << 1 | probe(2) << 2 | probe(3) << 3 | probe(100) << 4 | probe(-1) << 5;
}
