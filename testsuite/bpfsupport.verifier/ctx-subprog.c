/* A static function that takes the context: IPA-SRA passed the __u32
   context fields skb->data and skb->data_end as 32-bit arguments instead,
   which the callee zero-extended (`w2 = w2') into scalars ("R2 invalid mem
   access 'scalar'").  From the kernel's test_tc_dtime.c.  */
/* { dg-do assemble } */
/* { dg-final { verifier-run tc_subprog 0x1c } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

static __attribute__ ((noinline)) int
packet_type (struct __sk_buff *skb)
{
  void *data = (void *) (long) skb->data;
  void *end = (void *) (long) skb->data_end;
  unsigned char *p = data;
  if (data + 34 > end)
    return -1;
  return p[12] + p[13] + 0x1c;
}

SEC ("tc")
int tc_subprog (struct __sk_buff *skb)
{
  return packet_type (skb);
}

char _license[] SEC ("license") = "GPL";
