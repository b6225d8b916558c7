/* XDP: a switch over the IP protocol.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
/// ARGS: --data-hex @ARP
#include "common.h"

static __attribute__((noinline)) int classify(int p, int len)
{
  switch (p)
    {
    case 1: return 10;
    case 6: return 20 + len;
    case 17: return 30 + len * 2;
    case 41: return 40;
    case 47: return 50;
    case 58: return 60;
    default: return 99;
    }
}
SEC("xdp")
int sw(struct xdp_md *ctx)
{
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  struct iphdr *ip = data + sizeof(struct ethhdr);
  if ((void *)(ip + 1) > end)
    return classify(-1, 0);
  return classify(ip->protocol, end - data);
}
