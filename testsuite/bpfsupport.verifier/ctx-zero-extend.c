/* Context fields read through vmlinux.h's preserve_access_index types are
   CO-RE relocated 32-bit loads (ldxw), which zero-extend.  The plugin must
   not widen them again: `r &= 0xffffffff' on a packet pointer is refused
   ("math between pkt pointer and 4294967295").  */
/* { dg-do assemble } */
/* { dg-final { scan-assembler-not "4294967295" } } */
/* { dg-final { scan-assembler-not "mov32" } } */
/* { dg-final { verifier-run xdp_parse 0x112 } } */
/* { dg-final { verifier-run tc_parse 0x113 } } */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

/* The 64-byte zeroed test packet: its length and byte 12 (0) are known. */
SEC ("xdp")
int xdp_parse (struct xdp_md *ctx)
{
  void *data = (void *) (long) ctx->data;
  void *end = (void *) (long) ctx->data_end;
  if (data + 14 > end)
    return 1;
  return 0x100 | (((unsigned char *) data)[12] + (end - data == 64) * 0x12);
}

SEC ("tc")
int tc_parse (struct __sk_buff *skb)
{
  void *data = (void *) (long) skb->data;
  void *end = (void *) (long) skb->data_end;
  if (data + 14 > end)
    return 1;
  return 0x100 | (((unsigned char *) data)[12] + (end - data == 64) * 0x13);
}

char _license[] SEC ("license") = "GPL";
