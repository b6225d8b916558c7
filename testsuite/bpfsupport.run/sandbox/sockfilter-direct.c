/* Direct packet access in a socket filter.  */
/// ARGS: --data-hex @UDP
/// ERROR: direct packet access .* is not allowed in socket filter programs
#include "../progs/common.h"

SEC("socket")
int f(struct __sk_buff *skb)
{
  return skb->data;
}
