/* A helper pointer stored in a struct, the struct copied (memory, then an
   aggregate copy), the member called.  */
/* { dg-do run } */
/* { dg-final { run-calls "--data-hex 00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff0011" "bpf_ktime_get_ns" } } */
/* { dg-final { run-calls "--data-hex 00112233445566778899aabbccdd00" "bpf_get_smp_processor_id" } } */
/* { dg-final { kernel-retval "--data-hex 00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff0011" 1 } } */
/* { dg-final { kernel-retval "--data-hex 00112233445566778899aabbccdd00" 2 } } */
#include "flow.h"

struct ops { long (*fn) (void); int pad; };

SEC("socket") int
prog (struct __sk_buff *skb)
{
  struct ops o, o2;
  o.fn = skb->len > 10 ? ktime : cpu;
  o.pad = 0;
  o2 = o;
  return CLASSIFY (o2.fn ());
}
