/* syscall: bpf_loop accumulating into a map value.  */
/// ARGS: --ctx-hex 32000000 --repeat 2
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 1); __type(key, __u32); __type(value, __u64); } acc SEC(".maps");
struct lc { __u64 sum; };
static int add(__u32 i, struct lc *c) { c->sum += i * i; return 0; }
SEC("syscall")
int lh(__u32 *n)
{
  __u32 z = 0;
  __u64 *v = bpf_map_lookup_elem(&acc, &z);
  if (!v)
    return -1;
  struct lc c = { 0 };
  long r = bpf_loop(*n, add, &c, 0);
  *v += c.sum;
  return r;
}
