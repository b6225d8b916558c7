/* Writing skb->len (read-only).  */
/// ARGS: --data-hex @UDP
/// ERROR: __sk_buff context \(field is read-only\)
#include "../progs/common.h"

SEC("tc")
int f(struct __sk_buff *skb)
{
  skb->len = 3;
  return 0;
}
