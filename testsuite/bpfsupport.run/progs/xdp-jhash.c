/* katran's flow hash (jhash_2words, then % ring size), reduced from the
   production case in shared/cases/zext-hash-v1: at -mcpu=v1 and v2 bpf-cc's
   u32 -> u64 zero-extension kept the upper half and 22 of 60 flows went to
   another backend.  Bytes 0..7 of the packet are the inputs, 8..15 the
   outputs (oracle.exp compares them with clang-19's at every -mcpu).  */
/// ARGS: --data-hex c0a801017a6900500000000000000000
/// ARGS: --data-hex df6af1d8303e61cd0000000000000000
/// ARGS: --data-hex c4bb86c3d1c427100000000000000000
#include "common.h"

static inline __u32 rol32(__u32 word, unsigned int shift) {
  return (word << shift) | (word >> ((-shift) & 31));
}
#define __jhash_final(a, b, c) { \
  c ^= b; c -= rol32(b, 14); a ^= c; a -= rol32(c, 11); b ^= a; b -= rol32(a, 25); \
  c ^= b; c -= rol32(b, 16); a ^= c; a -= rol32(c, 4);  b ^= a; b -= rol32(a, 14); \
  c ^= b; c -= rol32(b, 24); }
static inline __u32 jhash_2words(__u32 a, __u32 b, __u32 initval) {  /* katran jhash.h */
  __u32 c = 0;
  initval += 0xdeadbeef + (2 << 2);
  a += initval; b += initval; c += initval;
  __jhash_final(a, b, c);
  return c;
}

SEC("xdp")
int jh(struct xdp_md *ctx) {
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  __u32 *p = data;
  if (data + 16 > end) return XDP_ABORTED;
  __u32 h = jhash_2words(p[0], p[1], 512 * 65537);
  p[2] = h;
  p[3] = h % 65537;
  return XDP_PASS;
}
