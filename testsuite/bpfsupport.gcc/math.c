/* <math.h> differential test: bpf-libc's math functions on special and
   pseudo-random operands, built natively (glibc's libm) and by bpf-gcc
   with bpf-libc, run on bpf-run.  Each result is printed as its bits;
   `=' before a value asks gcc.exp for identical bits (the exact functions:
   ldexp, frexp, modf, fmod, rint, lrint, lround), `~' for at most one
   unit in the last place of difference (exp, exp2, log, log2, log10,
   pow: neither glibc nor bpf-libc promises correct rounding in every
   case).  NaN results are canonicalised.  Operands are built from bits at
   run time: bpf-gcc 12 without the plugin miscompiles floating constants
   loaded into registers.  */
#include <stdio.h>
#include <math.h>
#define RND_SEED 0x9e3779b97f4a7c15UL
#include "diffrand.h"

static const u64 special[] = { 0, 1UL << 63, 0x7ff0000000000000UL, 0xfff0000000000000UL,
  0x7ff8000000000000UL, 0x3ff0000000000000UL, 0xbff0000000000000UL, 1, 0x000fffffffffffffUL,
  0x0010000000000000UL, 0x7fefffffffffffffUL, 0x4000000000000000UL, 0x3fe0000000000000UL,
  0xc000000000000000UL, 0x4008000000000000UL, 0x3ff0000000000001UL, 0x3fefffffffffffffUL,
  0x4086300000000000UL, 0xc087500000000000UL, 0x40862e42fefa39efUL, 0xc0874910d52d3052UL,
  0x4024000000000000UL, 0x408f400000000000UL, 0xc090c80000000000UL };
#define NSPECIAL (sizeof special / sizeof special[0])

static u64 operand(void)
{
  u64 r = rnd();
  switch (r & 7) {
  case 0: return special[(r >> 8) % NSPECIAL];
  case 1: return (r & 0x800fffffffffffffUL) | ((0x3ff + ((r >> 20) % 20) - 10UL) << 52);  /* near 1 */
  case 2: return (r & 0x000fffffffffffffUL) | ((0x3ff + ((r >> 20) % 11)) << 52);        /* exp range */
  case 3: return r & 0x800fffffffffffffUL;                                                 /* subnormal */
  case 4: return (r & 0x800fffffffffffffUL) | ((0x3ff + ((r >> 8) % 128) - 64UL) << 52);   /* 2^+-64 */
  case 5: return (0x3ff0000000000000UL + (((r >> 8) % 64) << 52)) | ((r >> 20) & 1) << 63; /* powers of 2 */
  default: return r;
  }
}

union D { double d; u64 u; };
static u64 canon(double x) { union D v; v.d = x; return (v.u & ~(1UL << 63)) > 0x7ff0000000000000UL ? 1 : v.u; }
static double D(u64 u) { volatile union D v; v.u = u; return v.d; }
static void exact(double x) { printf("=%lx ", canon(x)); }
static void approx(double x) { printf("~%lx ", canon(x)); }
static void approxf(float x)
{
  union { float f; u32 u; } v; v.f = x;
  printf("~%x ", (v.u & 0x7fffffff) > 0x7f800000 ? 1 : v.u);
}

int main(void)
{
  /* Subnormal results of ldexp on and near rounding ties: the mantissas
     1.5, 2.5, 1+2^-52, 1.75+2^-52... shifted out by every amount.  */
  static const u64 tie[] = { 0x3ff8000000000000UL, 0x4004000000000000UL, 0x3ff0000000000001UL,
    0x3ffc000000000001UL, 0xbff8000000000000UL, 0x3ff7ffffffffffffUL };
  for (int n = -1020; n >= -1077; n--) {
    for (unsigned j = 0; j < sizeof tie / sizeof tie[0]; j++) exact(ldexp(D(tie[j]), n));
    putchar('\n');
  }
  for (int i = 0; i < 600; i++) {
    double x = D(operand()), y = D(operand());
    /* a small integer exponent, and y made integral now and then, so pow
       meets its odd/even cases */
    int n = (int)(rnd() % 2200) - 1100;
    if (rnd() % 4 == 0) y = D(rnd() % 3 ? 0x4008000000000000UL : 0xc000000000000000UL);
    int e;
    double ip;
    exact(ldexp(x, n)); exact(frexp(x, &e)); printf("%d ", e);
    exact(modf(x, &ip)); exact(ip); exact(fmod(x, y));
    exact(rint(x)); exact(nearbyint(x));
    if (fabs(x) < D(0x43d0000000000000UL)) printf("%ld %ld ", lrint(x), lround(x));  /* < 2^62 */
    putchar('\n');
    approx(exp(x)); approx(exp2(x)); approx(log(x)); approx(log2(x)); approx(log10(x));
    putchar('\n');
    approx(pow(x, y)); approx(pow(fabs(x), D(0x3fd5555555555555UL)));
    approxf(powf((float)x, (float)y)); approxf(expf((float)x)); approxf(logf((float)x));
    putchar('\n');
  }
  return 0;
}
