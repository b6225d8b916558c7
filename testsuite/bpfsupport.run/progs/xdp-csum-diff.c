/* XDP: bpf_csum_diff over the IPv4 header.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int cd(struct xdp_md *ctx)
{
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  struct iphdr *ip = data + sizeof(struct ethhdr);
  if ((void *)(ip + 1) > end)
    return 0;
  __u32 buf[5];
  __builtin_memcpy(buf, ip, 20);
  __s64 c = bpf_csum_diff(0, 0, buf, 20, 0);
  __u32 s = (__u32)c;
  s = (s & 0xffff) + (s >> 16);
  s = (s & 0xffff) + (s >> 16);
  return (__u16)~s;
}
