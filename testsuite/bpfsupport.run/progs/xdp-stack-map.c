/* XDP: stack map LIFO order.  */
/// ARGS: --data-hex @UDP
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_STACK); __uint(max_entries, 3); __type(value, __u64); } st SEC(".maps");
SEC("xdp")
int ss(struct xdp_md *ctx)
{
  __u64 r = 0, v;
  #pragma unroll
  for (__u64 i = 1; i <= 4; i++)
    r += bpf_map_push_elem(&st, &i, 0) == 0;
  #pragma unroll
  for (int i = 0; i < 4; i++)
    if (bpf_map_pop_elem(&st, &v) == 0)
      r = r * 10 + v;
  r = r * 10 + (bpf_map_pop_elem(&st, &v) != 0);
  return (int)r;
}
