/* syscall: bpf_snprintf into a global buffer.  */
/// ARGS: --ctx-hex 2a000000
#include "common.h"

char buf[32];
SEC("syscall")
int sp(__u32 *v)
{
  __u64 args[3] = { *v, 0xbeef, (__u64)-5 };
  long n = bpf_snprintf(buf, sizeof buf, "v=%u x=%x d=%lld", args, sizeof args);
  return n;
}
