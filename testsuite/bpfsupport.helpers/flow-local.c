/* A local helper pointer assigned in if/else, from kernel_helper pointers
   and from libbpf-style constant pointers, then called twice.  */
/* { dg-do run } */
/* { dg-final { run-calls "--data-hex 00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff0011" "bpf_ktime_get_ns bpf_ktime_get_ns" } } */
/* { dg-final { run-calls "--data-hex 00112233445566778899aabbccdd00" "bpf_get_smp_processor_id bpf_get_smp_processor_id" } } */
/* { dg-final { kernel-retval "--data-hex 00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff0011" 1 } } */
/* { dg-final { kernel-retval "--data-hex 00112233445566778899aabbccdd00" 2 } } */
#include "flow.h"

static long (*ktime_libbpf) (void) = (void *) 5;
static long (*cpu_libbpf) (void) = (void *) 8;

SEC("socket") int
prog (struct __sk_buff *skb)
{
  long (*p) (void), (*q) (void);
  if (skb->len > 10)
    p = ktime, q = ktime_libbpf;
  else
    p = cpu, q = cpu_libbpf;
  long r = p ();
  return CLASSIFY (r) | (CLASSIFY (q ()) != CLASSIFY (r)) << 4;
}
