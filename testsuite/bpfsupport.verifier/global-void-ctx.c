/* A small global function taking the context as `void *' is inlined, as
   clang inlines it: the verifier checks calls to global functions against
   their BTF and cannot size a `void *' argument ("arg#0 reference
   type('UNKNOWN ') size cannot be determined", "Caller passes invalid args
   into func#1").  From the kernel's bpf_sockopt_helpers.h.  Not at -O0,
   where nothing is inlined (clang's -O0 code is refused too).  */
/* { dg-do assemble } */
/* { dg-final { verifier-run tc_len 0x140 { -O0 } } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* Reads two bytes of the (zeroed) test packet twice: 0x40 with the
   packet length.  */
int
packet_length (void *ctx)
{
  __u16 a = 1, b = 1;
  if (bpf_skb_load_bytes (ctx, 12, &a, sizeof a))
    return 0;
  if (bpf_skb_load_bytes (ctx, 20, &b, sizeof b))
    return 0;
  return a + b + ((struct __sk_buff *) ctx)->len;
}

SEC ("tc")
int tc_len (struct __sk_buff *skb)
{
  return 0x100 | packet_length (skb);
}

char _license[] SEC ("license") = "GPL";
