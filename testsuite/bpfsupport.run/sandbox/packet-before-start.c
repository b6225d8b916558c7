/* Reading before data (in the headroom).  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 1 bytes at 0x[0-9a-f]+: outside packet
#include "../progs/common.h"

SEC("xdp")
int f(struct xdp_md *ctx)
{
  unsigned char *data = (void *)(long)ctx->data;
  return data[-3];
}
