/* XDP: ring buffer output, reserve/submit/discard.  */
/// ARGS: --data-hex @UDP
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_RINGBUF); __uint(max_entries, 4096); } rb SEC(".maps");
SEC("xdp")
int rbx(struct xdp_md *ctx)
{
  __u64 v = ctx->data_end - ctx->data;
  long r = bpf_ringbuf_output(&rb, &v, sizeof v, 0);
  __u32 *p = bpf_ringbuf_reserve(&rb, 16, 0);
  if (!p)
    return 1000;
  p[0] = 7;
  bpf_ringbuf_submit(p, 0);
  p = bpf_ringbuf_reserve(&rb, 8, 0);
  if (p)
    bpf_ringbuf_discard(p, 0);
  void *big = bpf_ringbuf_reserve(&rb, 8192, 0);
  if (big)
    {
      bpf_ringbuf_discard(big, 0);
      return 2000;
    }
  return r;
}
