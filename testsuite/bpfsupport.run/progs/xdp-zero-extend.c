/* XDP: u32 -> u64 zero-extension of wrapped values.  Below cpu v3 bpf-gcc
   12 wrote it `mov; and 0xffffffff', which is `&= -1' (the immediate is
   sign-extended): (u64)(u32)(len - 1000) kept its upper half and the
   program returned -1 (plugin/backend-zero-extend.cc).  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int zx(struct xdp_md *ctx)
{
  __u32 len = ctx->data_end - ctx->data;
  asm volatile("" : "+r"(len));
  __u32 b = len - 1000;                 /* wraps */
  __u64 c = b;
  asm volatile("" : "+r"(c));
  __u32 d = len * 0x9e3779b9u;          /* wraps too */
  __u64 e = d;
  asm volatile("" : "+r"(e));
  /* 0 for the high halves, then a checksum of the low ones */
  return (int)(c >> 32) | (int)(e >> 32) << 1 | (int)((c ^ e) & 0xff0) << 2;
}
