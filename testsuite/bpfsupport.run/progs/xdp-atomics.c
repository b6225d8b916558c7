/* XDP: atomic add/or/and/xor with and without fetch, xchg, cmpxchg.  */
/// ARGS: --data-hex @UDP --repeat 2
/// CFLAGS: -mcpu=v3
#include "common.h"
struct val { __u64 x; __u32 y, z; };
struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 4); __type(key, __u32); __type(value, struct val); } a SEC(".maps");

SEC("xdp")
int at(struct xdp_md *ctx)
{
  __u32 k = 0;
  struct val *s = bpf_map_lookup_elem(&a, &k);
  if (!s)
    return 0;
  __u64 *v = &s->x;
  __u64 r = 0;
  __sync_fetch_and_add(v, 5);
  r += __sync_fetch_and_add(v, 7);
  __sync_fetch_and_or(v, 0x100);
  r += __sync_fetch_and_or(v, 0x1000);
  r += __sync_fetch_and_and(v, 0xffff);
  r += __sync_fetch_and_xor(v, 0x5555);
  r += __sync_lock_test_and_set(v, r & 0xfff);
  r += __sync_val_compare_and_swap(v, r & 0xfff, 99);
  r += __sync_val_compare_and_swap(v, 12345, 98);
  __u32 *w = &s->y;
  __sync_fetch_and_add(w, 3);
  r += __sync_fetch_and_add(w, 4);
  return (int)r;
}
