/* bpf_for_each_map_elem whose callback inserts into a full LRU map, so
   that the insert evicts an element of the walk (keys 5 and 21 shared
   bpf-run's old bucket, 21 least recently used): the walk read the
   freed element (ASan: heap-use-after-free).  With BPF_F_ZERO_SEED the
   kernel's buckets are bpf-run's: 5 and 21 in bucket 0, 37 in bucket 1.
   The walk stands on 21 when the insert evicts it, goes on to 5, then
   meets 37 in the next bucket: 3 visits, as in the kernel.  */
/// ARGS: --data-hex @UDP --json
/// OUTPUT: "retval":3,
/// KERNEL: retval maps
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_LRU_HASH); __uint(max_entries, 2); __uint(map_flags, BPF_F_ZERO_SEED); __type(key, __u32); __type(value, __u32); } lru SEC(".maps");
__u32 visits;
static long cb(void *map, __u32 *key, __u32 *val, void *ctx)
{
  __u32 k = 37, v = 7;
  if (visits++ == 0)
    bpf_map_update_elem(&lru, &k, &v, 0);
  return 0;
}
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u32 k = 5;
  bpf_map_update_elem(&lru, &k, &k, 0);
  k = 21;
  bpf_map_update_elem(&lru, &k, &k, 0);
  k = 5;
  bpf_map_lookup_elem(&lru, &k);
  bpf_for_each_map_elem(&lru, cb, 0, 0);
  return visits;
}
