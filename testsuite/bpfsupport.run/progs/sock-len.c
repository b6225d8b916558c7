/* Socket filter: keep the first len bytes (retval is the snap length).  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
/// ARGS: --data-hex @ARP
#include "common.h"

SEC("socket")
int sl(struct __sk_buff *skb) { return skb->len > 40 ? 40 : skb->len; }
