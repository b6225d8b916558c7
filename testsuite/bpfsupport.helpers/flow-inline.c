/* A helper pointer returned by an inlined function and passed as an inlined
   function's parameter.  */
/* { dg-do run } */
/* { dg-final { run-calls "--data-hex 00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff0011" "bpf_ktime_get_ns" } } */
/* { dg-final { run-calls "--data-hex 00112233445566778899aabbccdd00" "bpf_get_smp_processor_id" } } */
/* { dg-final { kernel-retval "--data-hex 00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff0011" 1 } } */
/* { dg-final { kernel-retval "--data-hex 00112233445566778899aabbccdd00" 2 } } */
#include "flow.h"

static __always_inline long call_it (long (*p) (void)) { return p (); }
static __always_inline long (*pick (int c)) (void) { return c ? ktime : cpu; }

SEC("socket") int
prog (struct __sk_buff *skb)
{
  return CLASSIFY (call_it (pick (skb->len > 10)));
}
