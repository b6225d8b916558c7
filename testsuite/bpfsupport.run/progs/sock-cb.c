/* Socket filter: write and read the cb[] scratch area and mark.  */
/// ARGS: --data-hex @UDP
#include "common.h"

SEC("socket")
int cb(struct __sk_buff *skb)
{
  skb->cb[0] = 11;
  skb->cb[4] = skb->len;
  skb->cb[2] = skb->cb[0] * 3;
  return skb->cb[0] + skb->cb[2] + skb->cb[4];
}
