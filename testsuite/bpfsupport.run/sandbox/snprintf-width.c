/* bpf_snprintf with a width of 999999999: the host's snprintf padded it
   (9 s), and a 256-byte scratch buffer cut the length returned (257 for
   any width over 255).  The kernel clamps a width to 8388607
   (FIELD_WIDTH_MAX) and answers the full length plus one.  */
/// ARGS: --ctx-hex d6ffffff --json
/// OUTPUT: "retval":8388609,
/// KERNEL: retval
#include "../progs/common.h"

char buf[32];
SEC("syscall")
int sp(__u32 *v)
{
  __u64 args[1] = { *v };
  return bpf_snprintf(buf, sizeof buf, "%999999999d|", args, sizeof args);
}
