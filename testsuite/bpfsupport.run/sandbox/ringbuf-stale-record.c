/* A pointer to a submitted ring buffer record, written through after the
   next record is reserved: the freed record's region number went to the
   next record, and the write landed in it.  Freed region numbers are
   never reused: the write faults, naming the freed object.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid write of 8 bytes at 0x[0-9a-f]+: memory was freed \(ring buffer record\)
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_RINGBUF); __uint(max_entries, 4096); } rb SEC(".maps");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u64 *a = bpf_ringbuf_reserve(&rb, 8, 0);
  if (!a)
    return 1;
  *a = 0x1111;
  bpf_ringbuf_submit(a, 0);
  __u64 *b = bpf_ringbuf_reserve(&rb, 8, 0);
  if (!b)
    return 1;
  *b = 0x2222;
  *(volatile __u64 *)a = 0x6666;
  bpf_ringbuf_submit(b, 0);
  return 0;
}
