/* The read side of ctx-wrap-write.c: an xdp_md offset whose end wraps past
   2^32 is refused, not read from host memory.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 8 bytes at offset 4294967288 of the xdp_md context
#include "../progs/common.h"

SEC("xdp")
int f(struct xdp_md *ctx)
{
  return *(volatile __u64 *)((char *)ctx + 0xfffffff8UL) != 0;
}
