/* XDP: hash map keyed by length; insert, then count.  */
/// ARGS: --data-hex @UDP --repeat 3
/// ARGS: --data-hex @ARP
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_HASH); __uint(max_entries, 64); __type(key, __u32); __type(value, __u64); } lens SEC(".maps");
SEC("xdp")
int count(struct xdp_md *ctx)
{
  __u32 len = ctx->data_end - ctx->data;
  __u64 one = 1, *v = bpf_map_lookup_elem(&lens, &len);
  if (v)
    {
      __sync_fetch_and_add(v, 1);
      return *v;
    }
  bpf_map_update_elem(&lens, &len, &one, BPF_NOEXIST);
  __u32 k2 = len * 2;
  __u64 v2 = len;
  bpf_map_update_elem(&lens, &k2, &v2, BPF_ANY);
  return 0;
}
