/* A context field kept in its own 32-bit type, then widened to a packet
   pointer: the widening must fold away (ldxw zero-extends).  Not at -O0,
   where the 32-bit variable lives on the stack and the verifier refuses
   the 32-bit spill of a pointer (clang's -O0 code too).  */
/* { dg-do assemble } */
/* { dg-final { scan-assembler-not "4294967295" } } */
/* { dg-final { verifier-run xdp_u32 14 { -O0 } } } */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

/* The field's value kept in its own 32-bit type first.  */
SEC ("xdp")
int xdp_u32 (struct xdp_md *ctx)
{
  __u32 start = ctx->data, stop = ctx->data_end;
  unsigned char *p = (unsigned char *) (long) start;
  if ((void *) (p + 14) > (void *) (long) stop)
    return 1;
  p[13] = 14;
  return p[13];
}

char _license[] SEC ("license") = "GPL";
