/* A call through a null function pointer was a silent `call 0' at -O1 and
   above: it is an error at the call.  (At -O0 it is an indirect call:
   GCC's error at the end of the function, the plugin's note at the call.)  */
/* { dg-do compile } */
/* { dg-prune-output "indirect call in function, which are not supported" } */
#include "flow.h"

SEC("socket") int
prog (struct __sk_buff *skb)
{
  return ((long (*) (void)) 0) (); /* { dg-message "note: the indirect call: its callee is not known|error: call to address 0, which is no BPF helper" } */
}
