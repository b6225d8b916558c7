/* A per-CPU hash of 256 MiB values on 16 CPUs: the element size, 16 *
   2^28, wrapped to 0 in 32 bits; the element was allocated empty and the
   update copied 256 MiB over the host heap.  Sizes are computed in 64
   bits and the map is refused when it is loaded.  */
/// ARGS: --cpus 16 --data-hex @UDP
/// STATUS: 2
/// ERROR: map '(src|h)': values of 268435456 bytes are more than the kernel takes
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 1); __uint(key_size, 4); __uint(value_size, 1 << 28); } src SEC(".maps");
struct { __uint(type, BPF_MAP_TYPE_PERCPU_HASH); __uint(max_entries, 1); __uint(key_size, 4); __uint(value_size, 1 << 28); } h SEC(".maps");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u32 k = 0;
  void *v = bpf_map_lookup_elem(&src, &k);
  if (!v)
    return 1;
  bpf_map_update_elem(&h, &k, v, 0);
  return 0;
}
