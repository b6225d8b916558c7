/* BPF_CORE_READ of an array field: libbpf's macro is a statement
   expression whose value, the array __r, decays to a pointer after __r's
   scope has ended.  GCC warned "using a dangling pointer to '__r'"
   (-Wdangling-pointer, in -Wall) and may give the slot to another
   variable; clang neither warns nor reuses it.  The plugin keeps such an
   object for the whole function.  */
/* { dg-do assemble } */
/* { dg-options "-g -Wall -Werror" } */
/* { dg-final { werror-run "--data-hex 0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f200000000000000000000000000000000000000000000000000000000000000000" 1537 { -O0 } } } */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

SEC ("xdp")
int read_mac (struct xdp_md *ctx)
{
  struct ethhdr *eth = (void *) (long) ctx->data;
  if ((void *) (eth + 1) > (void *) (long) ctx->data_end)
    return 0;
  const unsigned char *mac = BPF_CORE_READ (eth, h_dest);
  volatile unsigned char other[6];
  for (int i = 0; i < 6; i++)
    other[i] = 0xee;
  return mac[0] + mac[5] * 256 + (other[1] != 0xee);
}

char _license[] SEC ("license") = "GPL";
