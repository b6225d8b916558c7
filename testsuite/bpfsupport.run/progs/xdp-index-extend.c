/* XDP: an int index checked with `i >= 0 && i < 600', then used.  GCC
   folds the check into `(unsigned) i <= 599' on a zero-extended copy and,
   below alu32 (v1, v2), indexed with a sign-extended one, which the
   verifier had not bounded: "math between map_value pointer and register
   with unbounded min value" (bpf-cc's object refused, clang-19's loaded).
   plugin/verifier-index-extend.cc indexes with the checked value.  */
/// ARGS: --data-hex @UDP --repeat 3
#include "common.h"

struct frames { int stack[600]; int len; int pos; };
struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 1); __type(key, __u32); __type(value, struct frames); } frames SEC(".maps");

SEC("xdp")
int ix(struct xdp_md *ctx)
{
  __u32 k = 0;
  struct frames *f = bpf_map_lookup_elem(&frames, &k);
  if (!f)
    return 0;
  int i = f->pos;
  if (i >= 0 && i < 600)
    {
      f->stack[i] = i * 3 + 7;
      f->pos = i + 1;
      f->len++;
      return f->stack[i] + f->len;
    }
  return 1;
}
