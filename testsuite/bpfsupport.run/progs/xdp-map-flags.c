/* XDP: update flags NOEXIST/EXIST, full hash, array errors.  */
/// ARGS: --data-hex @UDP
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_HASH); __uint(max_entries, 2); __type(key, __u32); __type(value, __u32); } h SEC(".maps");
struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 2); __type(key, __u32); __type(value, __u32); } a SEC(".maps");
SEC("xdp")
int mf(struct xdp_md *ctx)
{
  __u32 k = 1, v = 5;
  long r1 = bpf_map_update_elem(&h, &k, &v, BPF_EXIST);
  long r2 = bpf_map_update_elem(&h, &k, &v, BPF_NOEXIST);
  long r3 = bpf_map_update_elem(&h, &k, &v, BPF_NOEXIST);
  k = 2;
  long r4 = bpf_map_update_elem(&h, &k, &v, BPF_ANY);
  k = 3;
  long r5 = bpf_map_update_elem(&h, &k, &v, BPF_ANY);
  long r6 = bpf_map_update_elem(&a, &k, &v, BPF_ANY);
  k = 0;
  long r7 = bpf_map_update_elem(&a, &k, &v, BPF_NOEXIST);
  long r8 = bpf_map_delete_elem(&a, &k);
  long r9 = bpf_map_update_elem(&a, &k, &v, 7);
  return (int)(r1 + r2 * 3 + r3 * 5 + r4 * 7 + r5 * 11 + r6 * 13 + r7 * 17 + r8 * 19 + r9 * 23);
}
