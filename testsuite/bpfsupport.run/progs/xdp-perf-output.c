/* XDP: bpf_perf_event_output with no reader attached (the kernel's answer
   is -ENOENT; bpf-run also prints the record).  */
/// ARGS: --data-hex @UDP
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY); __uint(key_size, 4); __uint(value_size, 4); } events SEC(".maps");

SEC("xdp")
int po(struct xdp_md *ctx)
{
  __u64 v = ctx->data_end - ctx->data;
  return bpf_perf_event_output(ctx, &events, BPF_F_CURRENT_CPU, &v, sizeof v);
}
