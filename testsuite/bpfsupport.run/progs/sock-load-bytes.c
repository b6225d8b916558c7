/* Socket filter: bpf_skb_load_bytes of the IPv4 header (skb->data is past L2).  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
/// ARGS: --data-hex @ARP
#include "common.h"

SEC("socket")
int lb(struct __sk_buff *skb)
{
  struct iphdr ip;
  if (bpf_skb_load_bytes(skb, 0, &ip, sizeof ip))
    return 1;
  char tail[4];
  long e = bpf_skb_load_bytes(skb, skb->len - 2, tail, 4);
  return ip.protocol * 1000 + ip.ttl + (e == -14) * 100000;
}
