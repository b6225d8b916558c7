/* tc: parse headers with a bounded loop over IPv4 options.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("tc")
int vp(struct __sk_buff *skb)
{
  void *data = (void *)(long)skb->data, *end = (void *)(long)skb->data_end;
  struct iphdr *ip = data + sizeof(struct ethhdr);
  if ((void *)(ip + 1) > end)
    return TC_ACT_OK;
  __u32 s = 0;
  __u8 *p = (void *)ip;
  for (int i = 0; i < 20; i++)
    s += p[i] << (i & 7);
  return s;
}
