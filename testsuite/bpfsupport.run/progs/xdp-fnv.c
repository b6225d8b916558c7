/* XDP: FNV-1a hash of the whole packet.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
/// ARGS: --data-hex @ARP
/// ARGS: --data-hex @V6
#include "common.h"

SEC("xdp")
int fnv(struct xdp_md *ctx)
{
  unsigned char *p = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  __u32 h = 2166136261u;
  for (int i = 0; i < 256; i++)
    {
      if (p + 1 > end)
        break;
      h = (h ^ *p) * 16777619u;
      p++;
    }
  return h;
}
