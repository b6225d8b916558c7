/* XDP: queue map push/pop/peek, overwrite with BPF_EXIST.  */
/// ARGS: --data-hex @UDP
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_QUEUE); __uint(max_entries, 4); __type(value, __u32); } q SEC(".maps");

static __attribute__((noinline)) int push(__u32 v, __u64 flags)
{
  return bpf_map_push_elem(&q, &v, flags) == 0;
}
SEC("xdp")
int qq(struct xdp_md *ctx)
{
  int r = push(1, 0);
  r = r * 2 + push(2, 0);
  r = r * 2 + push(3, 0);
  r = r * 2 + push(4, 0);
  r = r * 2 + push(5, 0);
  __u32 v = 0;
  bpf_map_peek_elem(&q, &v);
  r = r * 10 + v;
  bpf_map_pop_elem(&q, &v);
  r = r * 10 + v;
  bpf_map_pop_elem(&q, &v);
  r = r * 10 + v;
  push(9, 0);
  push(8, BPF_EXIST);
  push(7, BPF_EXIST);
  bpf_map_pop_elem(&q, &v);
  r = r * 10 + v;
  return r;
}
