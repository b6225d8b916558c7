/* syscall: bpf_probe_read_kernel(_str) from the stack, and from a bad
   address (-EFAULT with the destination zeroed).  */
/// ARGS: --ctx-hex 0100000000000000
#include "common.h"

char out[16];
long codes[4];

SEC("syscall")
int pr(void *ctx)
{
  char src[12] = "probe-read!";
  char dst[8];
  codes[0] = bpf_probe_read_kernel(dst, 8, src);
  codes[1] = bpf_probe_read_kernel_str(out, sizeof out, src);
  codes[2] = bpf_probe_read_kernel(dst, 8, (void *)16);
  codes[3] = bpf_probe_read_kernel_str(out + 12, 4, src);
  return dst[0] + dst[7] * 256;
}
