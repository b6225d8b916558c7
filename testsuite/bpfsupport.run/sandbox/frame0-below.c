/* Frame 0 wrote 3000 bytes below its frame pointer, into the stack space
   of deeper frames.  Each frame's stack is its own region of --stack-size
   bytes.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid write of 1 bytes at 0x[0-9a-f]+: outside stack of frame 0 \(2488 bytes before its start\)
#include "../progs/common.h"

SEC("xdp")
int f(struct xdp_md *ctx)
{
  asm volatile("r1 = 0x41\n *(u8 *)(r10 - 3000) = r1" ::: "r1");
  return 0;
}
