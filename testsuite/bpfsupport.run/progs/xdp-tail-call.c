/* XDP: tail calls through a prog array initialised in .maps.  */
/// ARGS: --data-hex @UDP --prog entry
/// ARGS: --data-hex @ARP --prog entry
#include "common.h"

int second(struct xdp_md *ctx);
int third(struct xdp_md *ctx);
struct { __uint(type, BPF_MAP_TYPE_PROG_ARRAY); __uint(max_entries, 4); __uint(key_size, 4); __array(values, int (void *)); } jt SEC(".maps") = {
  .values = { [1] = (void *)&second, [2] = (void *)&third },
};
int stage;
SEC("xdp")
int third(struct xdp_md *ctx) { stage = stage * 10 + 3; return 33; }
SEC("xdp")
int second(struct xdp_md *ctx)
{
  stage = stage * 10 + 2;
  if (ctx->data_end - ctx->data > 50)
    bpf_tail_call(ctx, &jt, 2);
  return 22;
}
SEC("xdp")
int entry(struct xdp_md *ctx)
{
  stage = 1;
  bpf_tail_call(ctx, &jt, 3);   /* empty slot: falls through */
  stage = 11;
  bpf_tail_call(ctx, &jt, 1);
  return 44;
}
