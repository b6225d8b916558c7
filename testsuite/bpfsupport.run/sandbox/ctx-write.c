/* Writing a read-only xdp_md field.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid write of 4 bytes at offset 12 of the xdp_md context
#include "../progs/common.h"

SEC("xdp")
int f(struct xdp_md *ctx)
{
  ctx->ingress_ifindex = 3;
  return 0;
}
