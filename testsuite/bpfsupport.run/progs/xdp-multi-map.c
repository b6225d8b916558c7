/* XDP: several maps of different shapes updated together.  */
/// ARGS: --data-hex @UDP --repeat 4
#include "common.h"

struct key { __u32 a; __u16 b; __u8 c, d; };
struct val { __u64 n; __u32 m; __u32 last; };
struct { __uint(type, BPF_MAP_TYPE_HASH); __uint(max_entries, 32); __type(key, struct key); __type(value, struct val); } flows SEC(".maps");
struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 1); __type(key, __u32); __type(value, struct val); } agg SEC(".maps");
__u32 runs;
SEC("xdp")
int mm(struct xdp_md *ctx)
{
  runs++;
  struct key k = { runs % 3, 80, 6, 0 };
  struct val *v = bpf_map_lookup_elem(&flows, &k), nv = { 1, runs, runs };
  if (v)
    {
      v->n++;
      v->last = runs;
    }
  else
    bpf_map_update_elem(&flows, &k, &nv, BPF_NOEXIST);
  __u32 z = 0;
  struct val *a = bpf_map_lookup_elem(&agg, &z);
  if (a)
    {
      a->n += runs;
      a->m |= 1 << runs;
    }
  return runs;
}
