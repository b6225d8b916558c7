/* Widths over 255 with each flag the kernel takes: the lengths returned
   were cut to 257 by a scratch buffer; they are the kernel's.  */
/// ARGS: --ctx-hex d6ffffff --json
/// OUTPUT: "retval":1510,
/// KERNEL: retval
#include "../progs/common.h"

char buf[32];
SEC("syscall")
int sp(__u32 *v)
{
  __u64 args[1] = { *v };
  long n = 0;
  n += bpf_snprintf(buf, sizeof buf, "%-300d|", args, sizeof args);
  n += bpf_snprintf(buf, sizeof buf, "%0300d|", args, sizeof args);
  n += bpf_snprintf(buf, sizeof buf, "%+0300d|", args, sizeof args);
  n += bpf_snprintf(buf, sizeof buf, "% 300u|", args, sizeof args);
  n += bpf_snprintf(buf, sizeof buf, "%300x|", args, sizeof args);
  return n;
}
