/* 1000 probe reads of 4 MiB each (4 GB copied) under --max-insns 100000:
   helpers' work was not bounded by the budget.  Helpers read and write
   at most 64 bytes per instruction of the budget.  */
/// ARGS: --data-hex @UDP --max-insns 100000
/// ERROR: helper budget of 6400000 bytes exhausted
#include "../progs/common.h"

struct big { char c[4 << 20]; };
struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 2); __type(key, __u32); __type(value, struct big); } m SEC(".maps");
struct ctx { struct big *a, *b; };
static long cb(__u32 i, struct ctx *c)
{
  bpf_probe_read_kernel(c->a, sizeof *c->a, c->b);
  return 0;
}
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u32 k0 = 0, k1 = 1;
  struct ctx c = { bpf_map_lookup_elem(&m, &k0), bpf_map_lookup_elem(&m, &k1) };
  if (!c.a || !c.b)
    return 0;
  return bpf_loop(1000, cb, &c, 0);
}
