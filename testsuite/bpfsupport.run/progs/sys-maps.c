/* syscall: fill a hash map and an array from the context.  */
/// ARGS: --ctx-hex 0300000004000000 --repeat 2
#include "common.h"

struct { __uint(type, BPF_MAP_TYPE_HASH); __uint(max_entries, 16); __type(key, __u64); __type(value, __u32); } h SEC(".maps");
struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 8); __type(key, __u32); __type(value, __u32); } a SEC(".maps");
__u32 calls;
SEC("syscall")
int sm(__u32 *x)
{
  calls++;
  __u64 k = (__u64)x[0] << 32 | calls;
  __u32 v = x[1] * calls;
  bpf_map_update_elem(&h, &k, &v, 0);
  __u32 i = calls & 7;
  bpf_map_update_elem(&a, &i, &v, 0);
  return calls;
}
