/* A callee reached its caller's stack through its own frame pointer
   (r10 + 16).  A frame pointer reaches only its own frame's stack; the
   caller's stack is reachable through a pointer the caller passes.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 8 bytes at 0x[0-9a-f]+: outside stack of frame 1 \(offset 528, valid 0..512\) at pc [0-9]+ in function peek
#include "../progs/common.h"

static __attribute__((noinline)) long peek(long x)
{
  long v;
  asm volatile("%0 = *(u64 *)(r10 + 16)" : "=r"(v));
  return v + x;
}
SEC("xdp")
int f(struct xdp_md *ctx)
{
  volatile long secret = 0x1234;
  return peek(ctx->data_end - ctx->data) + secret;
}
