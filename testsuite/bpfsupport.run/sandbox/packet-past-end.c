/* Reading past data_end without a bounds check.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 1 bytes at 0x[0-9a-f]+: outside packet .*in function f \(packet-past-end.c:
#include "../progs/common.h"

SEC("xdp")
int f(struct xdp_md *ctx)
{
  unsigned char *data = (void *)(long)ctx->data;
  return data[100];
}
