/* 400 replacements of a 1 MiB hash value, each looked up first: the old
   values were kept until the run ended (413 MB).  Replaced values are
   freed when no pointer to them was given out, and the ones that were
   are kept within 64 MiB; the run fits in 300 MB of address space.  */
/// ARGS: --data-hex @UDP
/// ULIMIT: 300000
/// OUTPUT: retval 400
#include "../progs/common.h"

struct big { char c[1 << 20]; };
struct { __uint(type, BPF_MAP_TYPE_HASH); __uint(max_entries, 1); __type(key, __u32); __type(value, struct big); } h SEC(".maps");
struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 1); __type(key, __u32); __type(value, struct big); } src SEC(".maps");
static long cb(__u32 i, void *ctx)
{
  __u32 k = 0;
  struct big *v = bpf_map_lookup_elem(&src, &k);
  if (!v)
    return 1;
  bpf_map_lookup_elem(&h, &k);
  /* an update that fails (out of memory) ends the loop early */
  return bpf_map_update_elem(&h, &k, v, 0) != 0;
}
SEC("xdp")
int f(struct xdp_md *ctx)
{
  return bpf_loop(400, cb, 0, 0);
}
