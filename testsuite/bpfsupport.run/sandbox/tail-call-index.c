/* A program storing an index into its prog array and tail-calling it:
   bpf_tail_call used the stored value as an index into the program table
   unchecked (at 64 ASan saw a heap-buffer-overflow; at 43 host heap bytes
   ran as instructions).  The kernel's verifier lets a program use a prog
   array only through bpf_tail_call, so the update is refused here too.  */
/// ARGS: --prog f --data-hex @UDP
/// ERROR: bpf_map_update_elem on map 'jt' of type prog_array is not allowed
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
  __u32 k = 1, v = 64;
  bpf_map_update_elem(&jt, &k, &v, 0);
  bpf_tail_call(ctx, &jt, 1);
  return 0;
}
