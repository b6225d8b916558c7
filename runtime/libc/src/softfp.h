/* Bit access to float and double for the soft-float routines.  */
#ifndef BPF_LIBC_SOFTFP_H
#define BPF_LIBC_SOFTFP_H
typedef unsigned long u64;
typedef unsigned int u32;
typedef long s64;
static inline u64 dbits(double d) { union { double d; u64 u; } x; x.d = d; return x.u; }
/* The asm barriers keep GCC from folding a known bit pattern into a
   floating-point constant, which bpf-gcc 12 would load wrongly (see
   dconst below).  */
static inline double bitsd(u64 u) { union { double d; u64 u; } x; __asm__("" : "+r"(u)); x.u = u; return x.d; }
static inline u32 fbits(float f) { union { float f; u32 u; } x; x.f = f; return x.u; }
static inline float bitsf(u32 u) { union { float f; u32 u; } x; __asm__("" : "+r"(u)); x.u = u; return x.f; }

/* A double's bits rounded to an integral value, exactly (floor, ceil,
   trunc, round in softfp.c; rint, nearbyint, modf in math.c).  */
enum round_mode { ROUND_TRUNC, ROUND_FLOOR, ROUND_CEIL, ROUND_HALF_AWAY, ROUND_HALF_EVEN };
static inline u64 round_integral(u64 a, enum round_mode mode)
{
  u64 s = a >> 63;
  long ex = (a >> 52) & 0x7ff;
  if ((a & ~(1UL << 63)) > 0x7ff0000000000000UL) return a | (1UL << 51);  /* quiet NaN */
  if (ex >= 1023 + 52) return a;                /* integral, inf */
  if (ex < 1023) {                              /* |a| < 1 */
    if (!(a << 1)) return a;
    int up = mode == ROUND_HALF_AWAY ? ex == 1022
           : mode == ROUND_HALF_EVEN ? ex == 1022 && (a & 0x000fffffffffffffUL)
           : mode == ROUND_FLOOR ? (int)s : mode == ROUND_CEIL ? !s : 0;
    return (s << 63) | (up ? 0x3ff0000000000000UL : 0);
  }
  int fb = 1023 + 52 - ex;                      /* fraction bits */
  u64 mask = (1UL << fb) - 1, frac = a & mask, half = 1UL << (fb - 1);
  if (!frac) return a;
  u64 t = a & ~mask;
  int away = mode == ROUND_HALF_AWAY ? frac >= half
           : mode == ROUND_HALF_EVEN ? frac > half || (frac == half && ((a >> fb) & 1))
           : mode == ROUND_FLOOR ? (int)s : mode == ROUND_CEIL ? !s : 0;
  if (away) t += 1UL << fb;                     /* carries into the exponent */
  return t;
}
#endif

/* A double constant from its bits, hidden from the optimiser: bpf-gcc 12
   prints floating-point constants loaded into registers wrongly
   (bpf_print_operand prints GCC's internal real_value words, not the
   IEEE bits; doc/gcc-testsuite.md), so runtime code must never let a
   non-zero floating constant reach a register.  */
static inline double dconst(u64 b) { return bitsd(b); }
#define D_ONE  dconst(0x3ff0000000000000UL)
#define D_TEN  dconst(0x4024000000000000UL)
#define D_HALF dconst(0x3fe0000000000000UL)
