/* A map value pointer moved by 2^32 named the next region (another map,
   .rodata) at the same offset and read it.  Addresses carry a keyed tag
   of their region: the moved pointer names no region.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 8 bytes at 0x[0-9a-f]+: unmapped
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 1); __type(key, __u32); __type(value, __u64); } a SEC(".maps");
struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 1); __type(key, __u32); __type(value, __u64); } b SEC(".maps");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u32 k = 0;
  __u64 *v = bpf_map_lookup_elem(&a, &k);
  if (!v)
    return 1;
  unsigned long step = 1UL << 32;
  asm volatile("" : "+r"(step));
  return *(volatile __u64 *)((char *)v + step);
}
