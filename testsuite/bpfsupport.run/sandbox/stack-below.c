/* Reading below the stack.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 8 bytes at 0x[0-9a-f]+: outside stack .* in function f
#include "../progs/common.h"

SEC("xdp")
int f(struct xdp_md *ctx)
{
  volatile long a[2] = { 1, 2 };
  __u64 len = (__u32)(ctx->data_end - ctx->data);
  long i = -(long)len - 600;
  return a[i];
}
