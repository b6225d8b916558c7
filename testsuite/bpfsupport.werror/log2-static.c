/* bcc's libbpf-tools (bits.bpf.h) define static log2 and log2l: GCC warned
   "conflicting types for built-in function 'log2'" (-Wbuiltin-declaration-
   mismatch, on by default), clang does not for a static function.  BPF has
   no floating point: the log2 family is no library builtin here.  */
/* { dg-do assemble } */
/* { dg-options "-Wall -Werror" } */
/* { dg-final { werror-run "--data-hex 0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f200000000000000000000000000000000000000000000000000000000000000000" 0x60406 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

static __always_inline __u64 log2(__u32 v)
{
  __u32 shift, r;
  r = (v > 0xFFFF) << 4; v >>= r;
  shift = (v > 0xFF) << 3; v >>= shift; r |= shift;
  shift = (v > 0xF) << 2; v >>= shift; r |= shift;
  shift = (v > 0x3) << 1; v >>= shift; r |= shift;
  r |= (v >> 1);
  return r;
}

static __always_inline __u64 log2l(__u64 v)
{
  __u32 hi = v >> 32;
  if (hi)
    return log2(hi) + 32;
  else
    return log2(v);
}

SEC ("xdp")
int log_len (struct xdp_md *ctx)
{
  __u64 len = ctx->data_end - ctx->data;   /* 64 */
  return log2(len) << 16 | log2l(len << 30) >> 3 << 8 | log2(len);
}

char _license[] SEC ("license") = "GPL";
