/* A kernel_helper pointer chosen by ?: (a phi of two helpers): each path
   calls its own helper, at every -O level (it was a silent `call 0' at -O1
   and above).  */
/* { dg-do run } */
/* { dg-final { run-calls "--data-hex 00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff0011" "bpf_ktime_get_ns" } } */
/* { dg-final { run-calls "--data-hex 00112233445566778899aabbccdd00" "bpf_get_smp_processor_id" } } */
/* { dg-final { kernel-retval "--data-hex 00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff0011" 1 } } */
/* { dg-final { kernel-retval "--data-hex 00112233445566778899aabbccdd00" 2 } } */
#include "flow.h"

SEC("socket") int
prog (struct __sk_buff *skb)
{
  long (*p) (void) = skb->len > 10 ? ktime : cpu;
  return CLASSIFY (p ());
}
