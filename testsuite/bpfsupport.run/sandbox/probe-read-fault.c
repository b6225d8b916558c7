/* bpf_probe_read_kernel into a buffer too small: the destination is checked.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid write of 64 bytes at 0x[0-9a-f]+ by bpf_probe_read_kernel: outside stack
#include "../progs/common.h"

SEC("xdp")
int f(struct xdp_md *ctx)
{
  char small[8];
  bpf_probe_read_kernel(small + 500, 64, (void *)0x1000);
  return small[0];
}
