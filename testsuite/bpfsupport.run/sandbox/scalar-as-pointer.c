/* Dereferencing an integer.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 8 bytes at 0x3c: near NULL
#include "../progs/common.h"

SEC("xdp")
int f(struct xdp_md *ctx)
{
  long x = ctx->data_end - ctx->data;
  return *(volatile long *)x;
}
