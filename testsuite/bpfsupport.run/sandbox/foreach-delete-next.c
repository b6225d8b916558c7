/* bpf_for_each_map_elem whose callback deletes the other element of a
   two-element hash map.  Keys 5 and 21 shared bpf-run's old bucket, and
   the walk went on to the freed element (ASan: heap-use-after-free).
   The maps have BPF_F_ZERO_SEED, so the kernel's buckets are known, and
   bpf-run's (the kernel's hash, seed 0) are the same: in h, 5 and 21
   fall in different buckets (the deleted one is not visited: 1); in h2,
   35 and 44 share a bucket, and the kernel's walk has taken the next
   element before the callback deletes it (it is visited: 2).  */
/// ARGS: --data-hex @UDP --json
/// OUTPUT: "retval":12,
/// KERNEL: retval maps
#include "../progs/common.h"

struct hmap { __uint(type, BPF_MAP_TYPE_HASH); __uint(max_entries, 16); __uint(map_flags, BPF_F_ZERO_SEED); __type(key, __u32); __type(value, __u32); };
struct hmap h SEC(".maps"), h2 SEC(".maps");
static long cb(void *map, __u32 *key, __u32 *val, __u32 *sum)
{
  __u32 other = *sum - *key;
  bpf_map_delete_elem(map, &other);
  return 0;
}
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u32 k = 5, v = 1, sum = 26;
  bpf_map_update_elem(&h, &k, &v, 0);
  k = 21;
  bpf_map_update_elem(&h, &k, &v, 0);
  long n1 = bpf_for_each_map_elem(&h, cb, &sum, 0);
  k = 35;
  bpf_map_update_elem(&h2, &k, &v, 0);
  k = 44;
  bpf_map_update_elem(&h2, &k, &v, 0);
  sum = 79;
  long n2 = bpf_for_each_map_elem(&h2, cb, &sum, 0);
  return n1 * 10 + n2;
}
