/* cpu v4 and atomics written as raw instructions (clang 14 and bpf-gcc 12
   cannot emit them): sdiv/smod (off=1) incl. by zero, by -1 and INT_MIN,
   movsx, ldsx, bswap, gotol, 32-bit atomics with fetch, xchg, cmpxchg.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
/// ONLY: clang
#include "common.h"

#define S(x) #x
#define RAW(code, dst, src, off, imm) \
  ".byte " S(code) ", (" S(src) " << 4) | " S(dst) "\n.short " S(off) "\n.int " S(imm) "\n"

__u64 res[24];

SEC("xdp")
int v4(struct xdp_md *ctx)
{
  __u64 len = ctx->data_end - ctx->data;
  __u64 *r = res;
  asm volatile(
    "r1 = %[len]\n"
    "r2 = -7\n"
    "r3 = r1\n"
    "r3 *= r2\n"                       /* -7 * len */
    "r4 = r3\n"
    RAW(0x3f, 4, 1, 1, 0)              /* r4 s/= r1 */
    "*(u64 *)(%[r] + 0) = r4\n"
    "r4 = r3\n"
    RAW(0x9f, 4, 2, 1, 0)              /* r4 s%= r2 (= -7*len % -7) */
    "*(u64 *)(%[r] + 8) = r4\n"
    "r4 = r3\n"
    RAW(0x97, 4, 0, 1, 11)             /* r4 s%= 11 */
    "*(u64 *)(%[r] + 16) = r4\n"
    "r2 = 0\n"
    "r4 = r3\n"
    RAW(0x3f, 4, 2, 1, 0)              /* signed div by zero: 0 */
    "*(u64 *)(%[r] + 24) = r4\n"
    "r4 = r3\n"
    RAW(0x9f, 4, 2, 1, 0)              /* signed mod by zero: dividend */
    "*(u64 *)(%[r] + 32) = r4\n"
    "r4 = 1\n"
    "r4 <<= 63\n"
    "r2 = -1\n"
    RAW(0x3f, 4, 2, 1, 0)              /* LLONG_MIN s/ -1 */
    "*(u64 *)(%[r] + 40) = r4\n"
    "w4 = -2147483648\n"
    RAW(0x3c, 4, 2, 1, 0)              /* w4 s/= w6 (INT_MIN / -1) */
    "*(u64 *)(%[r] + 48) = r4\n"
    "w4 = -100\n"
    "w2 = 7\n"
    RAW(0x9c, 4, 2, 1, 0)              /* w4 s%= w7 */
    "*(u64 *)(%[r] + 56) = r4\n"
    "r4 = 0x80f0\n"
    "r4 |= r3\n"
    RAW(0xbf, 8, 4, 8, 0)              /* r8 = (s8)r4 */
    "*(u64 *)(%[r] + 64) = r8\n"
    RAW(0xbf, 8, 4, 16, 0)             /* r8 = (s16)r4 */
    "*(u64 *)(%[r] + 72) = r8\n"
    RAW(0xbf, 8, 3, 32, 0)             /* r8 = (s32)r3 */
    "*(u64 *)(%[r] + 80) = r8\n"
    RAW(0xbc, 8, 4, 8, 0)              /* w8 = (s8)w4 */
    "*(u64 *)(%[r] + 88) = r8\n"
    "*(u64 *)(r10 - 8) = r3\n"
    RAW(0x91, 8, 10, -8, 0)            /* r8 = *(s8 *)(r10 - 8) */
    "*(u64 *)(%[r] + 96) = r8\n"
    RAW(0x89, 8, 10, -6, 0)            /* r8 = *(s16 *)(r10 - 6) */
    "*(u64 *)(%[r] + 104) = r8\n"
    RAW(0x81, 8, 10, -8, 0)            /* r8 = *(s32 *)(r10 - 8) */
    "*(u64 *)(%[r] + 112) = r8\n"
    "r8 = r3\n"
    RAW(0xd7, 8, 0, 0, 16)             /* bswap16 */
    "*(u64 *)(%[r] + 120) = r8\n"
    "r8 = r3\n"
    RAW(0xd7, 8, 0, 0, 32)             /* bswap32 */
    "*(u64 *)(%[r] + 128) = r8\n"
    "r8 = r3\n"
    RAW(0xd7, 8, 0, 0, 64)             /* bswap64 */
    "*(u64 *)(%[r] + 136) = r8\n"
    "r8 = 1\n"
    "if r1 == 12345 goto +1\n"        /* keeps the next-but-one insn reachable */
    RAW(0x06, 0, 0, 0, 1)              /* gotol +1 */
    "r8 = 2\n"
    "*(u64 *)(%[r] + 144) = r8\n"
    "r8 = 5\n"
    "*(u64 *)(%[r] + 152) = r8\n"
    "r9 = %[r]\n"
    "r8 = 3\n"
    RAW(0xc3, 9, 8, 152, 0x01)         /* w8 = atomic_fetch_add((u32 *)(r9 + 152), w8) */
    "*(u64 *)(%[r] + 160) = r8\n"
    "r8 = 0xff\n"
    RAW(0xc3, 9, 8, 152, 0xa1)         /* fetch xor */
    "r8 = 9\n"
    RAW(0xc3, 9, 8, 152, 0xe1)         /* xchg */
    "*(u64 *)(%[r] + 168) = r8\n"
    "r0 = 9\n"
    "r8 = 77\n"
    RAW(0xc3, 9, 8, 152, 0xf1)         /* cmpxchg: equal, stores 77 */
    "r8 = 66\n"
    RAW(0xc3, 9, 8, 152, 0xf1)         /* cmpxchg: r0 is now 77: stores 66 */
    "*(u64 *)(%[r] + 176) = r0\n"
    "r8 = 3\n"
    RAW(0xdb, 9, 8, 152, 0x51)         /* 64-bit fetch and */
    "*(u64 *)(%[r] + 184) = r8\n"
    :
    : [len] "r"(len), [r] "r"(r)
    : "r0", "r1", "r2", "r3", "r4", "r8", "r9", "memory");
  return res[0] + res[2];
}
