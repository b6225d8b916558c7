/* Deleting from a prog array in a program: the kernel's verifier refuses
   it (only bpf_tail_call may take a prog array), and so does bpf-run.  */
/// ARGS: --prog f --data-hex @UDP
/// ERROR: bpf_map_delete_elem on map 'jt' of type prog_array is not allowed
#include "../progs/common.h"

int target(struct xdp_md *ctx);
struct { __uint(type, BPF_MAP_TYPE_PROG_ARRAY); __uint(max_entries, 2); __uint(key_size, 4); __array(values, int (void *)); } jt SEC(".maps") = { .values = { [0] = (void *)&target } };
SEC("xdp")
int target(struct xdp_md *ctx)
{
  return 7;
}
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u32 k = 0;
  bpf_map_delete_elem(&jt, &k);
  bpf_tail_call(ctx, &jt, 0);
  return 0;
}
