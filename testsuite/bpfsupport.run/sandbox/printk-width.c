/* bpf_printk with a width of 999999999 (9 s in the host's snprintf): the
   kernel clamps the width (8388607), prints 511 bytes of the line, and
   answers the length of the whole output; bpf-run answered 1023.  */
/// ARGS: --ctx-hex d6ffffff --json
/// OUTPUT: "retval":8388608,
/// KERNEL: retval
#include "../progs/common.h"

SEC("syscall")
int sp(__u32 *v)
{
  return bpf_printk("%999999999d|", *v);
}
