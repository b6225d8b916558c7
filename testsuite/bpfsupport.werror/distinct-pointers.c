/* -Wno-compare-distinct-pointer-types, which Makefiles written for clang
   pass, silences GCC's "comparison of distinct pointer types lacks a cast"
   (a warning without an option of its own, an error under -Werror).  */
/* { dg-do assemble } */
/* { dg-options "-Wall -Werror -Wno-compare-distinct-pointer-types" } */
/* { dg-final { werror-run "--data-hex 0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f200000000000000000000000000000000000000000000000000000000000000000" 0x102 } } */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <bpf/bpf_helpers.h>

struct hdr { unsigned char kind, len; };

SEC ("xdp")
int compare_headers (struct xdp_md *ctx)
{
  struct ethhdr *eth = (void *) (long) ctx->data;
  struct hdr *h = (void *) (long) ctx->data;
  void *end = (void *) (long) ctx->data_end;
  if ((void *) (eth + 1) > end)
    return XDP_DROP;
  /* Distinct pointer types compared, as xdp-tutorial's parsers do.  */
  if (h + 6 < eth + 1 && h + 7 == (void *) eth + 14)
    return 0x100 | XDP_PASS;
  return XDP_ABORTED;
}

char _license[] SEC ("license") = "GPL";
