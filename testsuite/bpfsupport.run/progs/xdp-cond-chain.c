/* XDP: long if/else chains with 32-bit and 64-bit compares.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
/// ARGS: --data-hex @ARP
/// ARGS: --data-hex @V6
#include "common.h"

SEC("xdp")
int cc(struct xdp_md *ctx)
{
  unsigned char *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  if (data + 14 > end)
    return 0;
  int r = 0;
  __u32 a = data[12] << 8 | data[13];
  __s32 b = (__s8)data[0];
  if (a == 0x0800) r += 1;
  else if (a == 0x0806) r += 2;
  else if (a > 0x8000) r += 3;
  if (b < 0) r += 10;
  if ((__s64)b >= -1) r += 100;
  if (a & 0x0600) r += 1000;
  if (a != 0x86dd && b <= 0) r += 10000;
  return r;
}
