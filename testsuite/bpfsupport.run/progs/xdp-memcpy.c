/* XDP: copy headers to the stack and back, compare bytes.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int mc(struct xdp_md *ctx)
{
  unsigned char *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  unsigned char buf[34];
  if (data + 34 > end)
    return 0;
  __builtin_memcpy(buf, data, 34);
  int diff = 0;
  for (int i = 0; i < 34; i++)
    {
      diff += buf[i] != data[33 - i];
      buf[i] ^= 0x5a;
    }
  __builtin_memcpy(data, buf + 6, 6);
  return diff;
}
