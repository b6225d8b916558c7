/* XDP: hash map insert, delete and re-insert.  */
/// ARGS: --data-hex @UDP --repeat 2
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_HASH); __uint(max_entries, 16); __type(key, __u32); __type(value, __u32); } h SEC(".maps");

static __attribute__((noinline)) int ins(__u32 k)
{
  __u32 v = k * k;
  return bpf_map_update_elem(&h, &k, &v, BPF_ANY) == 0;
}
static __attribute__((noinline)) int del(__u32 k)
{
  return bpf_map_delete_elem(&h, &k);
}
SEC("xdp")
int hd(struct xdp_md *ctx)
{
  int r = ins(0) + ins(1) + ins(2) + ins(3) + ins(4) + ins(5) + ins(6) + ins(7) + ins(8) + ins(9);
  r += (del(0) == 0) + (del(3) == 0) + (del(6) == 0) + (del(9) == 0);
  __u32 k = 3;
  r = r * 100 + (del(3) == -2);
  __u32 *p = bpf_map_lookup_elem(&h, &k);
  r = r * 10 + (p == 0);
  k = 4;
  p = bpf_map_lookup_elem(&h, &k);
  if (p)
    r = r * 100 + *p;
  return r;
}
