/* A packet bound of the form data + len + C keeps the shape the verifier
   relates to the access at data + len: GCC's folders made the check
   data + (len + 10), a pointer unrelated to data + len for the verifier
   ("R0 offset is outside of the packet").  Not at -O0 (clang's -O0 code is
   refused too).  */
/* { dg-do assemble } */
/* { dg-final { verifier-run write_at_length 0x102 { -O0 } } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* The zeroed 64-byte test packet: len is 0, the access at offset 9.  */
SEC ("xdp")
int write_at_length (struct xdp_md *ctx)
{
  void *data = (void *) (long) ctx->data;
  void *end = (void *) (long) ctx->data_end;
  if (data + 2 > end)
    return 0;
  unsigned len = *(__u16 *) data & 0xfff;
  if (data + len + 10 > end)
    return 1;
  *(char *) (data + len + 9) = 2;
  return 0x100 | *(char *) (data + len + 9);
}

char _license[] SEC ("license") = "GPL";
