/* Writing above the top of the stack.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid write of 8 bytes at 0x[0-9a-f]+: outside stack
#include "../progs/common.h"

SEC("xdp")
int f(struct xdp_md *ctx)
{
  volatile long a[2] = { 1, 2 };
  long i = 2 + (ctx->data_end - ctx->data) / 1000;
  a[i] = 5;
  return a[0];
}
