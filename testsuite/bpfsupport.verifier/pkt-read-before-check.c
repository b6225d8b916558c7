/* A packet field read before the bounds check that guards it and used only
   after it, as loxilb's dp_parse_ipv4 has it (4 programs; the reduced case
   of shared/cases/pkt-read-before-check).  clang sinks the load below the
   check and the verifier accepts it; GCC's sink pass moved a statement
   only into a block executed clearly less often, so the load stayed first
   ("R2 offset is outside of the packet").  The plugin sets the threshold
   to 100% (plugin/verifier.cc).  -O0 keeps the source order with clang
   too; GCC's -Og runs no sink pass at all, where clang's -Og is -O1.  */
/* { dg-do assemble } */
/* { dg-final { verifier-run ihl_before_check 0 { -O0 } { -Og } "GCC's -Og runs no sink pass; bpf-cc gives -Og as -O1, clang's -Og" } } */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/pkt_cls.h>
#include <bpf/bpf_helpers.h>

SEC("tc") int ihl_before_check (struct __sk_buff *skb)
{
  void *data = (void *) (long) skb->data, *end = (void *) (long) skb->data_end;
  struct iphdr *iph = data + sizeof (struct ethhdr);
  int iphl = iph->ihl << 2;	/* read before the bounds check */

  if ((void *) (iph + 1) > end)
    return TC_ACT_SHOT;
  if ((void *) iph + iphl > end)
    return TC_ACT_SHOT;
  return iph->protocol;
}
char LICENSE[] SEC("license") = "GPL";
