/* Writing to a ring buffer record after submitting it.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid write of 8 bytes at 0x[0-9a-f]+: memory was freed
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_RINGBUF); __uint(max_entries, 4096); } rb SEC(".maps");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u64 *p = bpf_ringbuf_reserve(&rb, 8, 0);
  if (!p)
    return 1;
  bpf_ringbuf_submit(p, 0);
  *p = 1;
  return 0;
}
