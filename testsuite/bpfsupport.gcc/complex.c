/* Complex multiplication and division differential test: float and
   double complex products and quotients (GCC calls __mulsc3, __divsc3,
   __muldc3, __divdc3 for them) on special and pseudo-random operands,
   built natively and by bpf-gcc with bpf-libc, run on bpf-run; the
   outputs must be identical.

   The host's libgcc is the reference for __mulsc3, __muldc3 and
   __divdc3.  Its __divsc3 computes in double (x86-64 has hardware double),
   which bpf-libc cannot copy bit for bit; the host build links bpf-libc's
   own complex.c for __divsc3 instead (gcc.exp), so that routine is checked
   for giving on bpf-run the bits the same algorithm gives on IEEE
   hardware, and for accuracy by GCC's ieee/cdivchkf.c.

   NaN results are canonicalised (payloads are not specified).  Operands
   are built from bits at run time (volatile): bpf-gcc 12 without the
   plugin miscompiles floating constants loaded into registers.  */
#include <stdio.h>
#define RND_SEED 0x2545f4914f6cdd1dUL
#include "diffrand.h"

static const u64 dspecial[] = { 0, 1UL << 63, 0x7ff0000000000000UL, 0xfff0000000000000UL,
  0x7ff8000000000000UL, 0x3ff0000000000000UL, 0xbff0000000000000UL, 1, 0x000fffffffffffffUL,
  0x0010000000000000UL, 0x7fefffffffffffffUL, 0x7fdfffffffffffffUL, 0x3cb0000000000000UL,
  0x7c9fffffffffffffUL, 0x4330000000000000UL, 0xc000000000000000UL };
static const u32 fspecial[] = { 0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x3f800000,
  0xbf800000, 1, 0x7fffff, 0x800000, 0x7f7fffff, 0x7effffff, 0x34000000, 0x737fffff,
  0x4b000000, 0xc0000000 };

/* Operands: specials, values near 1, tiny and huge exponents (where the
   scaling steps matter), anything.  */
static u64 rd(void)
{
  u64 r = rnd();
  switch (r & 7) {
  case 0: return dspecial[(r >> 8) % 16];
  case 1: return (r & 0x800fffffffffffffUL) | ((0x3ff + ((r >> 20) % 80) - 40UL) << 52);
  case 2: return r & 0x800fffffffffffffUL;
  case 3: return (r & 0x800fffffffffffffUL) | ((1 + (r >> 20) % 120) << 52);
  case 4: return (r & 0x800fffffffffffffUL) | ((0x7fe - (r >> 20) % 120) << 52);
  default: return r;
  }
}
static u32 rf(void)
{
  u64 r = rnd();
  switch (r & 7) {
  case 0: return fspecial[(r >> 8) % 16];
  case 1: return (r & 0x807fffff) | ((u32)(127 + ((r >> 30) % 40) - 20) << 23);
  case 2: return r & 0x807fffff;
  case 3: return (r & 0x807fffff) | ((u32)(1 + (r >> 30) % 30) << 23);
  case 4: return (r & 0x807fffff) | ((u32)(0xfe - (r >> 30) % 30) << 23);
  default: return (u32)r;
  }
}

union D { double d; u64 u; };
union F { float f; u32 u; };
static u64 dcanon(double x) { union D v; v.d = x; return (v.u & ~(1UL << 63)) > 0x7ff0000000000000UL ? 1 : v.u; }
static u32 fcanon(float x) { union F v; v.f = x; return (v.u & 0x7fffffff) > 0x7f800000 ? 1 : v.u; }

int main(void)
{
  for (int i = 0; i < 2500; i++) {
    volatile union D a, b, c, d;
    volatile union F e, f, g, h;
    a.u = rd(); b.u = rd(); c.u = rd(); d.u = rd();
    e.u = rf(); f.u = rf(); g.u = rf(); h.u = rf();
    double _Complex x, y, p, q;
    float _Complex u, v, m, n;
    __real__ x = a.d; __imag__ x = b.d; __real__ y = c.d; __imag__ y = d.d;
    __real__ u = e.f; __imag__ u = f.f; __real__ v = g.f; __imag__ v = h.f;
    p = x * y; q = x / y;
    m = u * v; n = u / v;
    /* Two calls: BPF passes at most five arguments.  */
    printf("%lx %lx %lx %lx ", dcanon(__real__ p), dcanon(__imag__ p), dcanon(__real__ q), dcanon(__imag__ q));
    printf("%x %x %x %x\n", fcanon(__real__ m), fcanon(__imag__ m), fcanon(__real__ n), fcanon(__imag__ n));
  }
  return 0;
}
