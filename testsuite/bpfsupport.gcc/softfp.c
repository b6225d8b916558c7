/* Soft-float differential test: the same operations on pseudo-random and
   special operands, built natively (the host's IEEE hardware) and by
   bpf-gcc with bpf-libc's soft-float, run on bpf-run; the outputs must be
   identical.  Covers + - * / for float and double, all comparisons,
   float<->double, integer<->float conversions, __builtin_powi, the math.h
   basics.  NaN results are
   canonicalised (payloads are not specified).  Constants are built from
   bits at run time (volatile): bpf-gcc 12 miscompiles floating-point
   constants loaded into registers (doc/gcc-testsuite.md).  */
#include <stdio.h>
#include <math.h>
#define RND_SEED 88172645463325252UL
#include "diffrand.h"
static u64 dspecial[] = { 0, 1UL<<63, 0x7ff0000000000000UL, 0xfff0000000000000UL, 0x7ff8000000000000UL,
  0x3ff0000000000000UL, 0xbff0000000000000UL, 1, 0x000fffffffffffffUL, 0x0010000000000000UL,
  0x7fefffffffffffffUL, 0x4340000000000000UL, 0x43e0000000000000UL, 0x41e0000000000000UL, 0xc1e0000000000000UL, 0x3fe0000000000000UL };
static u64 rd(void) {
  u64 r = rnd();
  switch (r & 7) {
  case 0: return dspecial[(r >> 8) % 16];
  case 1: return (r & 0x800fffffffffffffUL) | ((0x3ff + ((r >> 20) % 80) - 40UL) << 52);  /* near 1 */
  case 2: return r & 0x800fffffffffffffUL; /* subnormal */
  case 3: return (r & 0x80000000000fffffUL) | ((0x3ff + ((r >> 30) % 64)) << 52); /* small ints */
  default: return r;
  }
}
static u32 rf(void) {
  u64 r = rnd();
  switch (r & 7) {
  case 0: { static u32 s[] = {0,0x80000000,0x7f800000,0xff800000,0x7fc00000,0x3f800000,1,0x7fffff,0x800000,0x7f7fffff,0x4f000000,0xcf000000,0x5f000000,0x3f000000,0x4b800000,0xbf800000}; return s[(r>>8)%16]; }
  case 1: return (r & 0x807fffff) | ((u32)(127 + ((r >> 30) % 40) - 20) << 23);
  case 2: return r & 0x807fffff;
  default: return (u32)r;
  }
}
static void P(u64 v) { printf("%lx ", v); }
static void NL(void) { putchar(10); }
union D { double d; u64 u; }; union F { float f; u32 u; };
int main(void) {
  for (int i = 0; i < 3000; i++) {
    volatile union D a, b; a.u = rd(); b.u = rd();
    volatile union F x, y; x.u = rf(); y.u = rf();
    union D r[4]; union F q[4];
    r[0].d = a.d + b.d; r[1].d = a.d - b.d; r[2].d = a.d * b.d; r[3].d = a.d / b.d;
    q[0].f = x.f + y.f; q[1].f = x.f - y.f; q[2].f = x.f * y.f; q[3].f = x.f / y.f;
    /* canonicalise NaNs (payload/sign rules differ between hardware and the library) */
    for (int k = 0; k < 4; k++) {
      if ((r[k].u & ~(1UL<<63)) > 0x7ff0000000000000UL) r[k].u = 1;
      if ((q[k].u & 0x7fffffff) > 0x7f800000) q[k].u = 1;
    }
    int c = (a.d < b.d) | (a.d <= b.d) << 1 | (a.d == b.d) << 2 | (a.d != b.d) << 3 | (a.d > b.d) << 4 | (a.d >= b.d) << 5 | __builtin_isunordered(a.d, b.d) << 6;
    int cf = (x.f < y.f) | (x.f <= y.f) << 1 | (x.f == y.f) << 2 | (x.f != y.f) << 3 | (x.f > y.f) << 4 | (x.f >= y.f) << 5 | __builtin_isunordered(x.f, y.f) << 6;
    union F t; t.f = (float)a.d; if ((t.u & 0x7fffffff) > 0x7f800000) t.u = 1;
    union D e; e.d = (double)x.f; if ((e.u & ~(1UL<<63)) > 0x7ff0000000000000UL) e.u = 1;
    long li = (long)rnd(); int ii = (int)li; unsigned long ul = rnd() >> (rnd() & 63);
    union D c1, c2, c3, c4; c1.d = (double)li; c2.d = (double)ii; c3.d = (double)ul; c4.d = (double)(unsigned)ii;
    union F f1, f2, f3, f4; f1.f = (float)li; f2.f = (float)ii; f3.f = (float)ul; f4.f = (float)(unsigned)ii;
    long fx = 0, fy = 0; int fz = 0, fw = 0; unsigned long fu = 0;
    /* in-range conversions only (out of range is undefined) */
    double ad = a.d; float xf = x.f;
    volatile union D B1, B2, B3, B4, Z; B1.u = 0xc3dfeb0000000000UL; B2.u = 0x43dfeb0000000000UL; B3.u = 0xc1e0000000000000UL; B4.u = 0x41dfffffffc00000UL; Z.u = 0;
    volatile union D B5; B5.u = 0x43ef000000000000UL;
    volatile union F G1, G2, G3, G4; G1.u = 0xdeff0000; G2.u = 0x5eff0000; G3.u = 0xcf000000; G4.u = 0x4effffff;
    if (ad > B1.d && ad < B2.d) fx = (long)ad;
    if (ad > B3.d && ad < B4.d) fz = (int)ad;
    if (ad >= Z.d && ad < B5.d) fu = (unsigned long)ad;
    if (xf > G1.f && xf < G2.f) fy = (long)xf;
    if (xf > G3.f && xf < G4.f) fw = (int)xf;
    P(i); P((u64)(r[0].u)); P((u64)(r[1].u)); P((u64)(r[2].u)); P((u64)(r[3].u)); P((u64)(q[0].u)); P((u64)(q[1].u)); P((u64)(q[2].u)); P((u64)(q[3].u)); NL();
    P(i); P((u64)(c)); P((u64)(cf)); P((u64)(t.u)); P((u64)(e.u)); NL();
    P(i); P((u64)(c1.u)); P((u64)(c2.u)); P((u64)(c3.u)); P((u64)(c4.u)); NL();
    P(i); P((u64)(f1.u)); P((u64)(f2.u)); P((u64)(f3.u)); P((u64)(f4.u)); NL();
    P(i); P((u64)(fx)); P((u64)(fy)); P((u64)(fz)); P((u64)(fw)); NL();
    P(i); P((u64)(fu)); NL();
    union D m[6]; union F mf[3];
    m[0].d = sqrt(a.d); m[1].d = floor(a.d); m[2].d = ceil(a.d); m[3].d = trunc(a.d); m[4].d = round(a.d); m[5].d = fmax(a.d, b.d);
    mf[0].f = sqrtf(x.f); mf[1].f = floorf(x.f); mf[2].f = fminf(x.f, y.f);
    for (int k = 0; k < 6; k++) if ((m[k].u & ~(1UL<<63)) > 0x7ff0000000000000UL) m[k].u = 1;
    for (int k = 0; k < 3; k++) if ((mf[k].u & 0x7fffffff) > 0x7f800000) mf[k].u = 1;
    P(i); for (int k = 0; k < 6; k++) P(m[k].u); for (int k = 0; k < 3; k++) P(mf[k].u); NL();
    int pe = (int)(rnd() % 21) - 10;
    union D pw; union F pwf; pw.d = __builtin_powi(a.d, pe); pwf.f = __builtin_powif(x.f, pe);
    if ((pw.u & ~(1UL<<63)) > 0x7ff0000000000000UL) pw.u = 1;
    if ((pwf.u & 0x7fffffff) > 0x7f800000) pwf.u = 1;
    P(i); P(pw.u); P(pwf.u); NL();
  }
  return 0;
}
