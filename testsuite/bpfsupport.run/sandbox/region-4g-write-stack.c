/* A map value pointer minus k * 2^32, k computed from its own high bits,
   named the stack region and wrote it.  The high bits are a keyed tag, not
   an index: the result names no region.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid write of 8 bytes at 0x[0-9a-f]+: unmapped
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 1); __type(key, __u32); __type(value, __u64); } a SEC(".maps");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u32 k = 0;
  __u64 *v = bpf_map_lookup_elem(&a, &k);
  if (!v)
    return 1;
  unsigned long hi = ((unsigned long)v >> 32) - 1;
  asm volatile("" : "+r"(hi));
  *(volatile __u64 *)((char *)v - (hi << 32)) = 0x4141414141414141UL;
  return 0;
}
