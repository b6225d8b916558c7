/* A program tail-calling itself stops after 33 tail calls (the kernel limit).  */
/// ARGS: --data-hex @UDP --json
/// OUTPUT: "retval":33,
#include "../progs/common.h"

int self(struct xdp_md *ctx);
struct { __uint(type, BPF_MAP_TYPE_PROG_ARRAY); __uint(max_entries, 1); __uint(key_size, 4); __array(values, int (void *)); } jt SEC(".maps") = { .values = { [0] = (void *)&self } };
int n;
SEC("xdp")
int self(struct xdp_md *ctx)
{
  n++;
  bpf_tail_call(ctx, &jt, 0);
  return n - 1;
}
