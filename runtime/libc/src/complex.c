/* Complex multiplication and division for float and double (__mulsc3,
   __divsc3, __muldc3, __divdc3): GCC calls these for `a * b' when the
   inline product is NaN+iNaN, and for every `a / b' (C99 Annex G).

   libgcc has them, but bpf-gcc 12 compiled them with its floating-point
   constant bug (constants loaded into registers are printed as GCC's
   internal words, doc/gcc-testsuite.md): its __divsc3 scales with garbage
   instead of FLT_MAX/2, FLT_EPSILON... and gives wrong quotients once a
   program's own constants are right (the plugin's float-constants).  These
   replacements follow GCC 12's algorithms, so results are bit for bit the
   ones libgcc gives on a host: products with NaN recovery; division by
   Smith's method with GCC 12's scaling against overflow and underflow
   (RBIG, RMIN, RMIN2, RMINSCAL, RMAX2) and the alternate order when the
   ratio is subnormal.  float uses the same float algorithm as libgcc on a
   target without hardware double.

   No non-zero floating constant may reach a register: every constant is
   built from its bits behind an asm barrier (softfp.h), and the IEEE class
   tests work on the bits.  One object per function (-DL_name).  */
#include "softfp.h"

#define W __attribute__((weak))

/* The four units: the type, and the operation.  */
#ifdef L_mulsc3
# define WANT_FLOAT 1
# define WANT_MUL 1
#endif
#ifdef L_divsc3
# define WANT_FLOAT 1
# define WANT_DIV 1
#endif
#ifdef L_muldc3
# define WANT_DOUBLE 1
# define WANT_MUL 1
#endif
#ifdef L_divdc3
# define WANT_DOUBLE 1
# define WANT_DIV 1
#endif

#if defined(WANT_FLOAT)
typedef float FT;
typedef u32 UT;
typedef float _Complex CT;
#define SIGN      0x80000000U
#define EXP_MASK  0x7f800000U
#define ONE_BITS  0x3f800000U
#define HALF_BITS 0x3f000000U
#define RBIG_BITS     0x7effffffU   /* FLT_MAX / 2 */
#define RMIN_BITS     0x00800000U   /* FLT_MIN */
#define RMIN2_BITS    0x34000000U   /* FLT_EPSILON */
#define RMINSCAL_BITS 0x4b000000U   /* 1 / FLT_EPSILON */
#define RMAX2_BITS    0x737fffffU   /* RBIG * RMIN2 */
static inline UT B(FT x) { return fbits(x); }
static inline FT V(UT u) { return bitsf(u); }
#define MUL_NAME __mulsc3
#define DIV_NAME __divsc3
#elif defined(WANT_DOUBLE)
typedef double FT;
typedef u64 UT;
typedef double _Complex CT;
#define SIGN      0x8000000000000000UL
#define EXP_MASK  0x7ff0000000000000UL
#define ONE_BITS  0x3ff0000000000000UL
#define HALF_BITS 0x3fe0000000000000UL
#define RBIG_BITS     0x7fdfffffffffffffUL   /* DBL_MAX / 2 */
#define RMIN_BITS     0x0010000000000000UL   /* DBL_MIN */
#define RMIN2_BITS    0x3cb0000000000000UL   /* DBL_EPSILON */
#define RMINSCAL_BITS 0x4330000000000000UL   /* 1 / DBL_EPSILON */
#define RMAX2_BITS    0x7c9fffffffffffffUL   /* RBIG * RMIN2 */
static inline UT B(FT x) { return dbits(x); }
static inline FT V(UT u) { return bitsd(u); }
#define MUL_NAME __muldc3
#define DIV_NAME __divdc3
#endif

#if defined(WANT_FLOAT) || defined(WANT_DOUBLE)
static inline int is_nan(FT x) { return (B(x) & ~SIGN) > EXP_MASK; }
static inline int is_inf(FT x) { return (B(x) & ~SIGN) == EXP_MASK; }
static inline int is_finite(FT x) { return (B(x) & ~SIGN) < EXP_MASK; }
static inline int is_zero(FT x) { return (B(x) & ~SIGN) == 0; }
static inline FT fabs_ft(FT x) { return V(B(x) & ~SIGN); }
/* |x| < |y| on magnitudes that are not NaN: the bits order them.  */
static inline int abs_lt(FT x, UT ybits) { return (B(x) & ~SIGN) < ybits; }
/* The sign of X on the magnitude whose bits are MAG.  */
static inline FT with_sign(UT mag, FT x) { return V(mag | (B(x) & SIGN)); }
/* "Box" an infinity: 1 with x's sign if x is infinite, else 0 with it.  */
static inline FT box(FT x) { return with_sign(is_inf(x) ? ONE_BITS : 0, x); }
static inline FT nan_to_zero(FT x) { return is_nan(x) ? with_sign(0, x) : x; }
#endif

#ifdef WANT_MUL
W CT MUL_NAME(FT a, FT b, FT c, FT d)
{
  FT ac = a * c, bd = b * d, ad = a * d, bc = b * c;
  FT x = ac - bd, y = ad + bc;
  CT res;

  if (is_nan(x) && is_nan(y)) {
    /* Recover infinities that computed as NaN + iNaN.  */
    int recalc = 0;
    if (is_inf(a) || is_inf(b)) {
      a = box(a); b = box(b);
      c = nan_to_zero(c); d = nan_to_zero(d);
      recalc = 1;
    }
    if (is_inf(c) || is_inf(d)) {
      c = box(c); d = box(d);
      a = nan_to_zero(a); b = nan_to_zero(b);
      recalc = 1;
    }
    if (!recalc && (is_inf(ac) || is_inf(bd) || is_inf(ad) || is_inf(bc))) {
      /* Recover infinities from overflow by changing NaNs to 0.  */
      a = nan_to_zero(a); b = nan_to_zero(b);
      c = nan_to_zero(c); d = nan_to_zero(d);
      recalc = 1;
    }
    if (recalc) {
      FT inf = V(EXP_MASK);
      x = inf * (a * c - b * d);
      y = inf * (a * d + b * c);
    }
  }
  __real__ res = x;
  __imag__ res = y;
  return res;
}
#endif

#ifdef WANT_DIV
/* Multiply all four operands by the same factor.  */
#define SCALE4(f) do { FT f_ = (f); a = a * f_; b = b * f_; c = c * f_; d = d * f_; } while (0)

W CT DIV_NAME(FT a, FT b, FT c, FT d)
{
  FT denom, ratio, x, y;
  CT res;

  if (abs_lt(c, B(d) & ~SIGN) && !is_nan(c) && !is_nan(d)) {
    /* |c| < |d|: scale by d.  Prevent underflow when the denominator is
       near the largest finite value.  */
    if (!abs_lt(d, RBIG_BITS))
      SCALE4(V(HALF_BITS));
    /* Both c and d small: scaling up avoids underflows, and cannot
       overflow since |c|, |d| < RMIN2.  */
    if (abs_lt(d, RMIN2_BITS))
      SCALE4(V(RMINSCAL_BITS));
    else if ((abs_lt(a, RMIN_BITS) && abs_lt(b, RMAX2_BITS) && abs_lt(d, RMAX2_BITS))
             || (abs_lt(b, RMIN_BITS) && abs_lt(a, RMAX2_BITS) && abs_lt(d, RMAX2_BITS)))
      SCALE4(V(RMINSCAL_BITS));
    ratio = c / d;
    denom = (c * ratio) + d;
    /* The alternate order of computation when the ratio is subnormal.  */
    if (!abs_lt(ratio, RMIN_BITS + 1) && !is_nan(ratio)) {
      x = ((a * ratio) + b) / denom;
      y = ((b * ratio) - a) / denom;
    } else {
      x = ((c * (a / d)) + b) / denom;
      y = ((c * (b / d)) - a) / denom;
    }
  } else {
    if (!abs_lt(c, RBIG_BITS) && !is_nan(c))
      SCALE4(V(HALF_BITS));
    if (abs_lt(c, RMIN2_BITS))
      SCALE4(V(RMINSCAL_BITS));
    else if ((abs_lt(a, RMIN_BITS) && abs_lt(b, RMAX2_BITS) && abs_lt(c, RMAX2_BITS))
             || (abs_lt(b, RMIN_BITS) && abs_lt(a, RMAX2_BITS) && abs_lt(c, RMAX2_BITS)))
      SCALE4(V(RMINSCAL_BITS));
    ratio = d / c;
    denom = (d * ratio) + c;
    if (!abs_lt(ratio, RMIN_BITS + 1) && !is_nan(ratio)) {
      x = ((b * ratio) + a) / denom;
      y = (b - (a * ratio)) / denom;
    } else {
      x = (a + (d * (b / c))) / denom;
      y = (b - (d * (a / c))) / denom;
    }
  }

  /* Recover infinities and zeros that computed as NaN+iNaN; the only
     cases are nonzero/zero, infinite/finite, and finite/infinite.  */
  if (is_nan(x) && is_nan(y)) {
    if (is_zero(c) && is_zero(d) && (!is_nan(a) || !is_nan(b))) {
      FT inf = with_sign(EXP_MASK, c);
      x = inf * a;
      y = inf * b;
    } else if ((is_inf(a) || is_inf(b)) && is_finite(c) && is_finite(d)) {
      FT inf = V(EXP_MASK);
      a = box(a); b = box(b);
      x = inf * (a * c + b * d);
      y = inf * (b * c - a * d);
    } else if ((is_inf(c) || is_inf(d)) && is_finite(a) && is_finite(b)) {
      FT zero = V(0);
      c = box(c); d = box(d);
      x = zero * (a * c + b * d);
      y = zero * (b * c - a * d);
    }
  }
  __real__ res = x;
  __imag__ res = y;
  return res;
}
#endif
