/* bpf_snprintf whose output (5000 bytes) is longer than bpf-run's 4 KiB
   format buffer: the copy to the program's buffer read past it and handed
   host stack bytes to the program.  The output is now formatted at the
   size of the program's buffer, as the kernel writes it.  */
/// ARGS: --data-hex @UDP
/// OUTPUT: retval 1
#include "../progs/common.h"

struct buf { char c[8192]; };
struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 2); __type(key, __u32); __type(value, struct buf); } m SEC(".maps");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u32 k0 = 0, k1 = 1;
  struct buf *fmt = bpf_map_lookup_elem(&m, &k0);
  struct buf *out = bpf_map_lookup_elem(&m, &k1);
  if (!fmt || !out)
    return 0;
  volatile char *c = fmt->c;
  for (int i = 0; i < 5000; i++)
    c[i] = 'A';
  fmt->c[5000] = 0;
  long n = bpf_snprintf(out->c, sizeof out->c, fmt->c, 0, 0);
  return n == 5001 && out->c[4500] == 'A' && out->c[4999] == 'A' && out->c[5000] == 0;
}
