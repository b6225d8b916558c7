/* tc: bpf_skb_store_bytes and load back.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("tc")
int sb(struct __sk_buff *skb)
{
  __u32 v = bpf_htonl(0x0a0b0c0d);
  if (bpf_skb_store_bytes(skb, 26, &v, 4, 0))
    return 1;
  long e = bpf_skb_store_bytes(skb, skb->len - 1, &v, 4, 0);
  __u32 back = 0;
  bpf_skb_load_bytes(skb, 26, &back, 4);
  return (back == v) * 10 + (e == -14);
}
