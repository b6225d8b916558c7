/* Reading past the end of the context.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 4 bytes at offset 64 of the xdp_md context
#include "../progs/common.h"

SEC("xdp")
int f(struct xdp_md *ctx)
{
  return ((__u32 *)ctx)[16];
}
