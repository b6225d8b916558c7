/* XDP: per-protocol counters in an array map, over repeated runs.  */
/// ARGS: --data-hex @UDP --repeat 3
/// ARGS: --data-hex @TCP --repeat 2
#include "common.h"
struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 256); __type(key, __u32); __type(value, __u64); } counts SEC(".maps");

SEC("xdp")
int count(struct xdp_md *ctx)
{
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  struct iphdr *ip = data + sizeof(struct ethhdr);
  if ((void *)(ip + 1) > end)
    return XDP_PASS;
  __u32 k = ip->protocol;
  __u64 *v = bpf_map_lookup_elem(&counts, &k);
  if (v)
    *v += end - data;
  return XDP_PASS;
}
