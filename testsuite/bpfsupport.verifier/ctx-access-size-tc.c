/* Context fields keep their size: two adjacent 32-bit fields compared
   with && are not one 64-bit load (GCC's fold_truth_andor merges them
   while parsing), adjacent stores are not one 64-bit store (store-merging,
   the SLP vectorizer), and a constant is stored from a register (the
   verifier refuses BPF_ST into the context).  Otherwise: "invalid
   bpf_context access off=8 size=8", "BPF_ST stores into R1 ctx is not
   allowed".  */
/* { dg-do assemble } */
/* { dg-final { scan-assembler-not "ldxdw\t%r\[0-9\],\\\[%r\[0-9\]\\+8\\\]" } } */
/* { dg-final { verifier-run tc_compare 7 } } */
/* { dg-final { verifier-run tc_store_pair 0x105 } } */
/* { dg-final { verifier-run tc_store_constant 9 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* A test run's skb has mark 0 and queue_mapping 0.  */
SEC ("tc")
int tc_compare (struct __sk_buff *skb)
{
  if (skb->mark == 0 && skb->queue_mapping == 0)
    return 7;
  return 1;
}

SEC ("tc")
int tc_store_pair (struct __sk_buff *skb)
{
  skb->cb[1] = 5;
  skb->cb[2] = 1;
  return skb->cb[1] | skb->cb[2] << 8;
}

SEC ("tc")
int tc_store_constant (struct __sk_buff *skb)
{
  skb->mark = 9;
  return skb->mark;
}

char _license[] SEC ("license") = "GPL";
