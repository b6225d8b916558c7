/* A `__u32' parameter bounded by a compare, then added to a packet
   pointer.  GCC compared the 32-bit register and added a 64-bit copy made
   at the function's entry, which the compare did not bound ("R0 offset
   is outside of the packet": the kernel's test_pkt_access.c, in
   test_pkt_access and prog_run_opts).  The plugin widens the parameter
   once and compares the widened value, as clang does
   (verifier-pointer-tests.cc).  The global function (its own verifier
   check, as a BTF-described subprogram) bumps the 16-bit field at
   OFF + 16 of the zeroed test packet and returns it: 1; the caller adds
   twice a second bump at another offset: 3.  At every -O level (clang's
   -O0 code is refused: it reloads the parameter from the stack).  */
/* { dg-do assemble } */
/* { dg-final { verifier-run bump_twice 3 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct header
{
  __u8 pad[16];
  __u16 check;
};

__attribute__ ((noinline)) int
bump_field (struct __sk_buff *skb, __u32 off)
{
  void *data = (void *) (long) skb->data;
  void *data_end = (void *) (long) skb->data_end;
  struct header *h;

  if (off > 40)
    return -1;
  h = data + off;
  if ((void *) (h + 1) > data_end)
    return -1;
  h->check += 1;
  return h->check;
}

SEC ("tc") int
bump_twice (struct __sk_buff *skb)
{
  int a = bump_field (skb, 14);
  int b = bump_field (skb, 22);
  if (a < 0 || b < 0)
    return 100;
  return a + 2 * b;
}

char LICENSE[] SEC ("license") = "GPL";
