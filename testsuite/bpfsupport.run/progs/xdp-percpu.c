/* XDP: per-CPU array and per-CPU hash.  */
/// ARGS: --data-hex @UDP --repeat 2
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY); __uint(max_entries, 2); __type(key, __u32); __type(value, __u64); } pa SEC(".maps");
struct { __uint(type, BPF_MAP_TYPE_PERCPU_HASH); __uint(max_entries, 8); __type(key, __u32); __type(value, __u32); } ph SEC(".maps");
SEC("xdp")
int pc(struct xdp_md *ctx)
{
  __u32 k = 1, len = ctx->data_end - ctx->data;
  __u64 *v = bpf_map_lookup_elem(&pa, &k);
  if (v)
    *v += len;
  __u32 *w = bpf_map_lookup_elem(&ph, &len);
  if (w)
    *w += 3;
  else
    bpf_map_update_elem(&ph, &len, &k, 0);
  return XDP_PASS;
}
