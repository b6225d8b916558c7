/* XDP: recompute the IPv4 header checksum from scratch.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int ic(struct xdp_md *ctx)
{
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  struct iphdr *ip = data + sizeof(struct ethhdr);
  if ((void *)(ip + 1) > end)
    return 0;
  ip->saddr = bpf_htonl(0x0a000063);
  ip->check = 0;
  __u16 *w = (void *)ip;
  __u32 s = 0;
  for (int i = 0; i < 10; i++)
    s += w[i];
  s = (s & 0xffff) + (s >> 16);
  s = (s & 0xffff) + (s >> 16);
  ip->check = ~s;
  return ip->check;
}
