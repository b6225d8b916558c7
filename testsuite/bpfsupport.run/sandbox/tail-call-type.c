/* A prog array of an XDP program holding a tc program: the kernel refuses
   to put a program of another type in it (bpf_prog_map_compatible), and
   bpf-run ran the tc program on the xdp_md context.  */
/// ARGS: --prog f --data-hex @UDP
/// STATUS: 2
/// ERROR: prog array 'jt' slot 0 holds program 'other' of type tc, which a xdp program cannot tail-call
#include "../progs/common.h"

int other(struct __sk_buff *skb);
struct { __uint(type, BPF_MAP_TYPE_PROG_ARRAY); __uint(max_entries, 2); __uint(key_size, 4); __array(values, int (void *)); } jt SEC(".maps") = { .values = { [0] = (void *)&other } };
SEC("tc")
int other(struct __sk_buff *skb)
{
  return skb->mark;
}
SEC("xdp")
int f(struct xdp_md *ctx)
{
  bpf_tail_call(ctx, &jt, 0);
  return 0;
}
