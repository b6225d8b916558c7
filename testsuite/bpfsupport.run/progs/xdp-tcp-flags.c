/* XDP: TCP header fields and flags.  */
/// ARGS: --data-hex @TCP
/// ARGS: --data-hex @UDP
#include "common.h"

SEC("xdp")
int tf(struct xdp_md *ctx)
{
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  struct iphdr *ip = data + sizeof(struct ethhdr);
  if ((void *)(ip + 1) > end || ip->protocol != IPPROTO_TCP)
    return -1;
  struct tcphdr *t = (void *)(ip + 1);
  if ((void *)(t + 1) > end)
    return -2;
  int r = t->syn | t->ack << 1 | t->fin << 2 | t->rst << 3 | t->psh << 4;
  return r << 16 | bpf_ntohs(t->dest) ^ bpf_ntohs(t->source);
}
