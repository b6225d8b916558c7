/* --repeat 2: the first run keeps a pointer to a hash element (as an
   integer in an array map) and deletes the element; the second run
   inserts into another map and writes through the kept pointer.  The
   deleted element's region number went to the new element, and the
   write landed in the other map.  Now it faults, naming the freed
   element's map.  */
/// ARGS: --data-hex @UDP --repeat 2
/// ERROR: invalid write of 8 bytes at 0x[0-9a-f]+: memory was freed \(value of map 'h'\)
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_HASH); __uint(max_entries, 4); __type(key, __u32); __type(value, __u64); } h SEC(".maps");
struct { __uint(type, BPF_MAP_TYPE_HASH); __uint(max_entries, 4); __type(key, __u32); __type(value, __u64); } other SEC(".maps");
struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 1); __type(key, __u32); __type(value, __u64); } keep SEC(".maps");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u32 k = 0;
  __u64 v = 1, *kept = bpf_map_lookup_elem(&keep, &k);
  if (!kept)
    return 0;
  if (*kept == 0)
    {
      bpf_map_update_elem(&h, &k, &v, 0);
      __u64 *p = bpf_map_lookup_elem(&h, &k);
      if (!p)
        return 0;
      *kept = (__u64)p;
      bpf_map_delete_elem(&h, &k);
      return 1;
    }
  bpf_map_update_elem(&other, &k, &v, 0);
  *(volatile __u64 *)*kept = 0x6666;
  return 2;
}
