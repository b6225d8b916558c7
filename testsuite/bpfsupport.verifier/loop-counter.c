/* A counted loop over packet data keeps its counter: IVOPTs turned
   `for (i = 0; i < 10; i++) csum += *p++;' into a walk of p up to an end
   pointer (`if r5 != r2'), which the verifier cannot bound: it followed
   the loop past the checked range ("R1 offset is outside of the packet").
   From the kernel's test_xdp_loop.c.  */
/* { dg-do assemble } */
/* { dg-final { verifier-run ip_checksum 0xffff { -O0 } } } */
/* { dg-final { verifier-run stack_fill 45 { -O0 } } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct iphdr_words { unsigned short w[10]; };

/* The zeroed test packet: the checksum of 20 zero bytes is 0xffff.  */
SEC ("xdp")
int ip_checksum (struct xdp_md *xdp)
{
  void *data = (void *) (long) xdp->data;
  void *end = (void *) (long) xdp->data_end;
  struct iphdr_words *iph = data + 14;
  if ((void *) (iph + 1) > end)
    return 1;
  unsigned short *next = (unsigned short *) iph;
  unsigned csum = 0;
  for (int i = 0; i < (int) (sizeof (*iph) >> 1); i++)
    csum += *next++;
  return ~((csum & 0xffff) + (csum >> 16)) & 0xffff;
}

/* A bounded loop filling a stack array (at -Os IVOPTs gave "invalid write
   to stack R1 off=0 size=2").  */
SEC ("xdp")
int stack_fill (struct xdp_md *xdp)
{
  unsigned short a[10];
  for (int i = 0; i < 10; i++)
    a[i] = i;
  int sum = 0;
  for (int i = 0; i < 10; i++)
    sum += a[i];
  return sum;
}

char _license[] SEC ("license") = "GPL";
