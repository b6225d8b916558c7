/* tc: set mark, priority and tc_classid.  */
/// ARGS: --data-hex @UDP
#include "common.h"

SEC("tc")
int mk(struct __sk_buff *skb)
{
  skb->mark = 0x1234;
  skb->priority = 7;
  skb->tc_classid = 0x10002;
  return skb->mark + skb->priority + skb->len;
}
