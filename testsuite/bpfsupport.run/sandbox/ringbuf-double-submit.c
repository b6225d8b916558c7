/* Submitting a ring buffer record twice.  */
/// ARGS: --data-hex @UDP
/// ERROR: bpf_ringbuf_submit of 0x[0-9a-f]+ which is not a reserved ring buffer record
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_RINGBUF); __uint(max_entries, 4096); } rb SEC(".maps");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  void *p = bpf_ringbuf_reserve(&rb, 8, 0);
  if (!p)
    return 1;
  bpf_ringbuf_submit(p, 0);
  bpf_ringbuf_submit(p, 0);
  return 0;
}
