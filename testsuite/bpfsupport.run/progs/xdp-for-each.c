/* XDP: bpf_for_each_map_elem over an array and a hash.  */
/// ARGS: --data-hex @UDP
#include "common.h"
struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 8); __type(key, __u32); __type(value, __u64); } arr SEC(".maps");

struct { __uint(type, BPF_MAP_TYPE_HASH); __uint(max_entries, 8); __type(key, __u32); __type(value, __u64); } h SEC(".maps");
struct cbctx { __u64 sum; int n; };
static long cb(void *map, __u32 *key, __u64 *val, struct cbctx *c)
{
  *val += *key;
  c->sum += *val;
  c->n++;
  return 0;
}
SEC("xdp")
int fe(struct xdp_md *ctx)
{
  __u32 i = 0;
  __u64 v = 0;
  bpf_map_update_elem(&h, &i, &v, 0);
  i = 1; v = 100;
  bpf_map_update_elem(&h, &i, &v, 0);
  i = 2; v = 200;
  bpf_map_update_elem(&h, &i, &v, 0);
  struct cbctx c = { 0, 0 };
  long n1 = bpf_for_each_map_elem(&arr, cb, &c, 0);
  long s1 = c.sum;
  c.n = 0;
  c.sum = 0;
  long n2 = bpf_for_each_map_elem(&h, cb, &c, 0);
  return (int)(n1 * 1000 + s1 * 10 + n2 * 100000 + c.sum);
}
