/* XDP: bpf_xdp_get_buff_len and bpf_map_lookup_percpu_elem.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @ARP
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY); __uint(max_entries, 2); __type(key, __u32); __type(value, __u32); } pc SEC(".maps");

SEC("xdp")
int bl(struct xdp_md *ctx)
{
  __u32 k = 1;
  __u32 *v = bpf_map_lookup_elem(&pc, &k);
  if (v)
    *v = 77;
  __u32 *w = bpf_map_lookup_percpu_elem(&pc, &k, 0);
  __u32 *x = bpf_map_lookup_percpu_elem(&pc, &k, 100000);
  return bpf_xdp_get_buff_len(ctx) * 1000 + (w ? *w : 1) + (x == 0) * 100000;
}
