/* A map of 64 MiB values (a probe read into one copied 64 MiB per call):
   the kernel refuses values over KMALLOC_MAX_SIZE (4 MiB) with E2BIG,
   and so does bpf-run.  */
/// ARGS: --data-hex @UDP
/// STATUS: 2
/// ERROR: map 'm': values of 67108864 bytes are more than the kernel takes
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 1); __uint(key_size, 4); __uint(value_size, 64 << 20); } m SEC(".maps");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u32 k = 0;
  char *b = bpf_map_lookup_elem(&m, &k);
  if (!b)
    return 0;
  return bpf_probe_read_kernel(b, 64 << 20, ctx);
}
