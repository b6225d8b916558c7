/* XDP: an array of maps initialised in .maps; lookups through the outer map.  */
/// ARGS: --data-hex @UDP --repeat 2
/// ARGS: --data-hex @ARP
#include "common.h"

struct inner { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 4); __type(key, __u32); __type(value, __u32); };
struct inner in0 SEC(".maps"), in1 SEC(".maps");
struct {
  __uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
  __uint(max_entries, 3);
  __type(key, __u32);
  __array(values, struct inner);
} outer SEC(".maps") = { .values = { [0] = &in0, [2] = &in1 } };

static __attribute__((noinline)) int bump(__u32 slot, __u32 k, __u32 by)
{
  void *m = bpf_map_lookup_elem(&outer, &slot);
  if (!m)
    return 100;
  __u32 *v = bpf_map_lookup_elem(m, &k);
  if (!v)
    return 200;
  *v += by;
  return *v;
}
SEC("xdp")
int mim(struct xdp_md *ctx)
{
  __u32 len = ctx->data_end - ctx->data;
  return bump(0, 1, len) + bump(1, 0, 1) + bump(2, 3, 7) * 1000 + bump(2, 9, 1);
}
