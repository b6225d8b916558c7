/* A call through a null function pointer was a silent `call 0' at -O1 and
   above: it is an error at the call.  */
/* { dg-do compile } */
/* { dg-prune-output "indirect call in function, which are not supported" } */
#include "flow.h"

SEC("socket") int
prog (struct __sk_buff *skb)
{
  return ((long (*) (void)) 0) (); /* { dg-error "indirect call: the callee is not known|call to address 0, which is no BPF helper" } */
}
