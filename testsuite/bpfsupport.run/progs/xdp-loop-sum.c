/* XDP: bounded loop summing bytes of the packet.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
/// ARGS: --data-hex @ARP
#include "common.h"

SEC("xdp")
int sum(struct xdp_md *ctx)
{
  unsigned char *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  __u32 s = 0;
  for (int i = 0; i < 128; i++)
    {
      if (data + i + 1 > end)
        break;
      s = s * 33 + data[i];
    }
  return s;
}
