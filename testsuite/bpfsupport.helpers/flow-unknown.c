/* A callee the compiler cannot trace to a helper (a parameter of a function
   that is never specialized) is an error (GCC's, at the end of the
   function, with the plugin's note at the call), never an indirect call or
   a `call 0' in the object.  */
/* { dg-do compile } */
#include "flow.h"

static __attribute__((noipa)) long
call_param (long (*p) (void))
{
  return p (); /* { dg-message "note: the indirect call: its callee is not known" } */
} /* { dg-error "indirect call in function, which are not supported" } */

SEC("socket") int
prog (struct __sk_buff *skb)
{
  return call_param (ktime);
}
