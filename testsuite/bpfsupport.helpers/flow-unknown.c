/* A callee the compiler cannot trace to a helper (a parameter of a function
   that is never specialized) is an error at the call, never an indirect
   call or a `call 0' in the object.  */
/* { dg-do compile } */
/* { dg-prune-output "indirect call in function, which are not supported" } */
#include "flow.h"

static __attribute__((noipa)) long
call_param (long (*p) (void))
{
  return p (); /* { dg-error "indirect call: the callee is not known" } */
}

SEC("socket") int
prog (struct __sk_buff *skb)
{
  return call_param (ktime);
}
