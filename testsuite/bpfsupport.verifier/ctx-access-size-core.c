/* The same through vmlinux.h (CO-RE relocated fields, which must each
   keep their relocation): context fields keep their size in sockopt programs (from the
   kernel's sockopt selftests): `ctx->level == SOL_IP && ctx->optname ==
   IP_TOS' is not one 64-bit load, `ctx->optlen = 0; ctx->retval = 0' not
   one 64-bit store (the SLP vectorizer's vector(2) int at -O2), constants
   are not stored with BPF_ST (refused before kernel 6.3).  These program
   types cannot run with BPF_PROG_TEST_RUN: they are loaded.  */
/* { dg-do run } */
/* { dg-final { scan-assembler-not "ldxdw\t%r\[0-9\],\\\[%r\[0-9\]\\+24\\\]" } } */
/* { dg-final { scan-assembler-not "stdw\t\\\[%r\[0-9\]\\+32\\\]" } } */
/* { dg-final { scan-assembler-not "st\[bhwd\]\t\\\[%r1\\+" } } */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#define SOL_IP 0
#define IP_TOS 1

SEC ("cgroup/getsockopt")
int get_tos (struct bpf_sockopt *ctx)
{
  __u8 *optval = ctx->optval, *optval_end = ctx->optval_end;
  if (ctx->level == SOL_IP && ctx->optname == IP_TOS)
    {
      if (optval + 1 > optval_end)
	return 0;
      optval[0] = 0x10;
      ctx->optlen = 1;
      ctx->retval = 0;
      return 1;
    }
  return 1;
}

SEC ("cgroup/setsockopt")
int set_tos (struct bpf_sockopt *ctx)
{
  if (ctx->level != SOL_IP || ctx->optname != IP_TOS)
    {
      ctx->optlen = 0;
      return 1;
    }
  ctx->optlen = -1;
  return 1;
}

char _license[] SEC ("license") = "GPL";
