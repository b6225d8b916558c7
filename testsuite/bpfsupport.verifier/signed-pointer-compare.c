/* Packet pointers compared as `long' (the kernel's test_tc_bpf.c:
   `if ((long)(iph + 1) > (long)skb->data_end)').  Both sides are a
   zero-extended 32-bit context field plus a small offset, never
   negative, and clang compares them unsigned; GCC wrote `jsgt', from
   which the verifier learns no packet range (the access after it is
   refused, "invalid access to packet"), and which it refuses outright
   without CAP_PERFMON ("pointer comparison prohibited").  The plugin
   makes such a compare unsigned when it can prove both sides
   non-negative (verifier-signed-compare.cc).  The test packet is 64
   zero bytes: ttl_plus reads the IP header's ttl (0) and returns 7.
   still_signed compares a -5 loaded from memory, which proves nothing:
   the compare stays signed and returns 3 (unsigned would give 2).  */
/* { dg-do assemble } */
/* { dg-final { verifier-run ttl_plus 7 } } */
/* { dg-final { verifier-run still_signed 3 } } */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <bpf/bpf_helpers.h>

SEC ("tc") int
ttl_plus (struct __sk_buff *skb)
{
  struct iphdr *iph = (void *) (long) skb->data + sizeof (struct ethhdr);

  if ((long) (iph + 1) > (long) skb->data_end)
    return 1;
  return iph->ttl + 7;
}

long negative = -5;
__u32 small = 3;

SEC ("tc") int
still_signed (struct __sk_buff *skb)
{
  if (negative > (long) small)
    return 2;
  return 3;
}

char LICENSE[] SEC ("license") = "GPL";
