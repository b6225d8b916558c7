/* A helper pointer returned by a function that is never inlined or
   specialized cannot be traced to the call: an error (GCC's, at the end
   of the function, with the plugin's note at the call), never an indirect
   call or a `call 0' in the object.  (Inlined, it is traced:
   flow-inline.c.)  */
/* { dg-do compile } */
#include "flow.h"

static __attribute__((noipa)) long (*
pick (int c)) (void)
{
  return c ? ktime : cpu;
}

SEC("socket") int
prog (struct __sk_buff *skb)
{
  return pick (skb->len > 10) (); /* { dg-message "note: the indirect call: its callee is not known" } */
} /* { dg-error "indirect call in function, which are not supported" } */
