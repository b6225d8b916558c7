/* <math.h> beyond the basics of softfp.c: exact functions on the bits
   (ldexp, scalbn, frexp, modf, fmod, rint, nearbyint, lrint, lround, nan)
   and the exponential family (exp, exp2, log, log2, log10, pow), for
   double, float and long double (= double on BPF).

   The exponential family works in double-double arithmetic (about 100
   bits, Dekker's exact sum and product on bpf-libc's correctly rounded
   soft-float), so the result before the last rounding is far more precise
   than a double: results are the correctly rounded ones except in rare
   hard cases, within one unit in the last place always (checked against
   the host's glibc by testsuite/bpfsupport.gcc/math.c).  Slow but simple:
   a few thousand soft-float operations per call.
     exp: x = k ln2 + r, exp(r) = (Taylor series of r/512)^512, times 2^k.
     log: x = 2^k m with m in [sqrt(1/2), sqrt(2)), log m = 2 atanh(s),
          s = (m-1)/(m+1), by its series; plus k ln2.
     pow: exp(y log|x|) with the product in double-double, after C99
          Annex F's special cases.
   No non-zero floating constant may reach a register (bpf-gcc 12 prints
   them wrongly): constants are built from bits (softfp.h), and small
   integers are converted behind a barrier so the optimiser cannot fold
   them into constants.  One object per function group (-DL_name).  */
#include "softfp.h"

#define W __attribute__((weak))
#define SIGN_BIT (1UL << 63)
#define EXP_BITS 0x7ff0000000000000UL
#define QNAN_BITS 0x7ff8000000000000UL

static inline int isnan_b(u64 a) { return (a & ~SIGN_BIT) > EXP_BITS; }
static inline int isinf_b(u64 a) { return (a & ~SIGN_BIT) == EXP_BITS; }
static inline int iszero_b(u64 a) { return (a & ~SIGN_BIT) == 0; }

/* x * 2^n, rounded to nearest even when the result is subnormal.  BEYOND
   is the sign of what x stands for beyond its own bits (a double-double's
   low part): it decides a rounding tie, which is then not a real one.  */
static u64 scalbn_tie(u64 a, long n, int beyond)
{
  if (isnan_b(a) || isinf_b(a) || iszero_b(a)) return a;
  u64 sign = a & SIGN_BIT;
  long e = (a >> 52) & 0x7ff;
  u64 m = a & 0x000fffffffffffffUL;
  if (e == 0) {                       /* subnormal: normalise */
    while (!(m & (1UL << 52))) { m <<= 1; e--; }
    e++;
  } else
    m |= 1UL << 52;
  if (n > 4000) n = 4000;
  if (n < -4000) n = -4000;
  e += n;
  if (e >= 0x7ff) return sign | EXP_BITS;
  if (e >= 1) return sign | ((u64)e << 52) | (m & 0x000fffffffffffffUL);
  long shift = 1 - e;
  if (shift > 60) return sign;
  u64 q = m >> shift, rem = m & ((1UL << shift) - 1), half = 1UL << (shift - 1);
  if (rem > half || (rem == half && (beyond > 0 || (beyond == 0 && (q & 1))))) q++;
  return sign | q;
}
static inline u64 scalbn_b(u64 a, long n) { return scalbn_tie(a, n, 0); }

/* A small integer as a double, hidden from constant folding.  */
static inline double int_d(long n) { __asm__("" : "+r"(n)); return (double)n; }

#ifdef L_ldexp
W double ldexp(double x, int n) { return bitsd(scalbn_b(dbits(x), n)); }
W double scalbn(double x, int n) { return bitsd(scalbn_b(dbits(x), n)); }
W double scalbln(double x, long n) { return bitsd(scalbn_b(dbits(x), n)); }
W long double ldexpl(long double x, int n) { return bitsd(scalbn_b(dbits(x), n)); }
W long double scalbnl(long double x, int n) { return bitsd(scalbn_b(dbits(x), n)); }
/* float: the scaled value is exact in double, then rounded once.  */
W float ldexpf(float x, int n) { return (float)bitsd(scalbn_b(dbits(x), n)); }
W float scalbnf(float x, int n) { return (float)bitsd(scalbn_b(dbits(x), n)); }
#endif

#ifdef L_frexp
static u64 frexp_b(u64 a, int *e)
{
  *e = 0;
  if (isnan_b(a) || isinf_b(a) || iszero_b(a)) return a;
  long ex = (a >> 52) & 0x7ff;
  if (ex == 0) {                      /* subnormal: scale up by 2^54 first */
    a = scalbn_b(a, 54);
    ex = ((a >> 52) & 0x7ff) - 54;
  }
  *e = (int)(ex - 1022);
  return (a & ~(0x7ffUL << 52)) | (0x3feUL << 52);
}
W double frexp(double x, int *e) { return bitsd(frexp_b(dbits(x), e)); }
W long double frexpl(long double x, int *e) { return bitsd(frexp_b(dbits(x), e)); }
W float frexpf(float x, int *e) { return (float)bitsd(frexp_b(dbits(x), e)); }
#endif

#ifdef L_modf
/* The integral part (truncation) and the exact fraction with x's sign.  */
W double modf(double x, double *ip)
{
  u64 a = dbits(x), t = round_integral(a, ROUND_TRUNC);
  *ip = bitsd(t);
  if (isnan_b(a)) return x;
  if (isinf_b(a)) return bitsd(a & SIGN_BIT);
  double f = x - bitsd(t);
  return bitsd(dbits(f) | (a & SIGN_BIT));    /* -0 for negative integers */
}
W long double modfl(long double x, long double *ip)
{
  double i, f = modf(x, &i);
  *ip = i;
  return f;
}
W float modff(float x, float *ip)
{
  double i, f = modf(x, &i);
  *ip = (float)i;
  return (float)f;
}
#endif

#ifdef L_fmod
/* x - n*y with n = trunc(x/y), exactly: the remainder of the mantissas.  */
static u64 fmod_b(u64 a, u64 b)
{
  if (isnan_b(a) || isnan_b(b) || isinf_b(a) || iszero_b(b)) return QNAN_BITS;
  if (isinf_b(b) || iszero_b(a)) return a;
  u64 sign = a & SIGN_BIT;
  a &= ~SIGN_BIT;
  b &= ~SIGN_BIT;
  if (a < b) return sign | a;
  long ea = a >> 52, eb = b >> 52;
  u64 ma = a & 0x000fffffffffffffUL, mb = b & 0x000fffffffffffffUL;
  if (ea) ma |= 1UL << 52; else ea = 1;
  if (eb) mb |= 1UL << 52; else eb = 1;
  /* ma * 2^ea mod mb * 2^eb: reduce ma, then shift the remainder up by
     the exponent difference, 11 bits at a time (r < 2^53).  */
  u64 r = ma % mb;
  long d = ea - eb;
  while (d > 0) {
    long s = d > 11 ? 11 : d;
    r = (r << s) % mb;
    d -= s;
  }
  if (!r) return sign;
  /* r * 2^eb, exact: normalise into the double format.  */
  while (!(r & (1UL << 52)) && eb > 1) { r <<= 1; eb--; }
  if (!(r & (1UL << 52))) return sign | r;       /* subnormal */
  return sign | ((u64)eb << 52) | (r & 0x000fffffffffffffUL);
}
W double fmod(double x, double y) { return bitsd(fmod_b(dbits(x), dbits(y))); }
W long double fmodl(long double x, long double y) { return bitsd(fmod_b(dbits(x), dbits(y))); }
W float fmodf(float x, float y) { return (float)bitsd(fmod_b(dbits(x), dbits(y))); }
#endif

#ifdef L_rint
/* Round to an integral value, ties to even (the default rounding mode).  */
static inline u64 rint_b(u64 a) { return round_integral(a, ROUND_HALF_EVEN); }
W double rint(double x) { return bitsd(rint_b(dbits(x))); }
W double nearbyint(double x) { return bitsd(rint_b(dbits(x))); }
W long double rintl(long double x) { return bitsd(rint_b(dbits(x))); }
W long double nearbyintl(long double x) { return bitsd(rint_b(dbits(x))); }
W float rintf(float x) { return (float)bitsd(rint_b(dbits(x))); }
W float nearbyintf(float x) { return (float)bitsd(rint_b(dbits(x))); }
W long lrint(double x) { return (long)bitsd(rint_b(dbits(x))); }
W long long llrint(double x) { return (long long)bitsd(rint_b(dbits(x))); }
W long lrintf(float x) { return (long)bitsd(rint_b(dbits(x))); }
#endif

#ifdef L_lround
extern double round(double);
W long lround(double x) { return (long)round(x); }
W long long llround(double x) { return (long long)round(x); }
W long lroundf(float x) { return (long)round(x); }
#endif

#ifdef L_nan
W double nan(const char *s) { (void)s; return bitsd(QNAN_BITS); }
W long double nanl(const char *s) { (void)s; return bitsd(QNAN_BITS); }
W float nanf(const char *s) { (void)s; return bitsf(0x7fc00000U); }
#endif

/* ---- double-double arithmetic for the exponential family ---- */
#if defined(L_exp) || defined(L_log) || defined(L_pow)
typedef struct { double hi, lo; } dd;

static inline dd dd_make(double hi, double lo) { dd r; r.hi = hi; r.lo = lo; return r; }
static inline dd dd_const(u64 hi, u64 lo) { return dd_make(bitsd(hi), bitsd(lo)); }

/* a + b exactly as hi + lo (Knuth), and with |a| >= |b| (Dekker).  */
static inline dd two_sum(double a, double b)
{
  double s = a + b, bb = s - a;
  return dd_make(s, (a - (s - bb)) + (b - bb));
}
static inline dd quick_two_sum(double a, double b)
{
  double s = a + b;
  return dd_make(s, b - (s - a));
}
/* a * b exactly as hi + lo: Dekker's split into 26-bit halves.  */
static inline void split(double a, double *hi, double *lo)
{
  double t = bitsd(0x41a0000002000000UL) * a;   /* 2^27 + 1 */
  *hi = t - (t - a);
  *lo = a - *hi;
}
static inline dd two_prod(double a, double b)
{
  double p = a * b, ah, al, bh, bl;
  split(a, &ah, &al);
  split(b, &bh, &bl);
  return dd_make(p, ((ah * bh - p) + ah * bl + al * bh) + al * bl);
}
static dd dd_add(dd a, dd b)
{
  dd s = two_sum(a.hi, b.hi), t = two_sum(a.lo, b.lo);
  s.lo += t.hi;
  s = quick_two_sum(s.hi, s.lo);
  s.lo += t.lo;
  return quick_two_sum(s.hi, s.lo);
}
static dd dd_mul(dd a, dd b)
{
  dd p = two_prod(a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return quick_two_sum(p.hi, p.lo);
}
static dd dd_mul_d(dd a, double b)
{
  dd p = two_prod(a.hi, b);
  p.lo += a.lo * b;
  return quick_two_sum(p.hi, p.lo);
}
static dd dd_div(dd a, dd b)
{
  double q1 = a.hi / b.hi;
  dd r = dd_add(a, dd_mul_d(b, -q1));
  double q2 = r.hi / b.hi;
  r = dd_add(r, dd_mul_d(b, -q2));
  double q3 = r.hi / b.hi;
  dd q = quick_two_sum(q1, q2);
  return dd_add(q, dd_make(q3, bitsd(0)));
}

#define DD_LN2    dd_const(0x3fe62e42fefa39efUL, 0x3c7abc9e3b39803fUL)
#define DD_LOG2E  dd_const(0x3ff71547652b82feUL, 0x3c7777d0ffda0d24UL)
#define DD_LOG10E dd_const(0x3fdbcb7b1526e50eUL, 0x3c695355baaafad3UL)
#endif

#if defined(L_exp) || defined(L_pow)
/* 1/n! for the series of e^r: n <= 3 in double-double, the tail in
   double (|r| < 2^-10 there, so its terms are below 2^-45).  */
static const u64 exp_head[4][2] = {
  { 0x3ff0000000000000UL, 0 }, { 0x3ff0000000000000UL, 0 },
  { 0x3fe0000000000000UL, 0 }, { 0x3fc5555555555555UL, 0x3c65555555555555UL },
};
static const u64 exp_tail[8] = {    /* 1/4! .. 1/11! */
  0x3fa5555555555555UL, 0x3f81111111111111UL, 0x3f56c16c16c16c17UL, 0x3f2a01a01a01a01aUL,
  0x3efa01a01a01a01aUL, 0x3ec71de3a556c734UL, 0x3e927e4fb7789f5cUL, 0x3e5ae64567f544e4UL,
};

/* e^h when it is certainly +inf (h > 710) or +0 (h < -746): *R, 1.  */
static int exp_saturates(double h, double *r)
{
  if (h > bitsd(0x4086300000000000UL)) { *r = bitsd(EXP_BITS); return 1; }
  if (h < bitsd(0xc087500000000000UL)) { *r = bitsd(0); return 1; }
  return 0;
}

/* e^x for a double-double x, rounded to double; huge arguments overflow
   to +inf, very negative ones underflow to +0.  */
static double dd_exp(dd x)
{
  double sat;
  if (isnan_b(dbits(x.hi))) return x.hi;
  if (exp_saturates(x.hi, &sat)) return sat;
  /* k = nearest integer to x / ln2; r = x - k ln2, |r| <= ln2/2.  */
  double kd = x.hi * bitsd(0x3ff71547652b82feUL);
  long k = (long)(kd < bitsd(0) ? kd - bitsd(0x3fe0000000000000UL) : kd + bitsd(0x3fe0000000000000UL));
  dd r = dd_add(x, dd_mul_d(DD_LN2, -int_d(k)));
  /* e^r = (e^(r/512))^512, |r/512| < 2^-10.  */
  r = dd_mul_d(r, bitsd(0x3f60000000000000UL));
  double t = bitsd(0);
  for (int n = 7; n >= 0; n--)                /* r (1/4! + r/5! + ...) */
    t = (bitsd(exp_tail[n]) + r.hi * t);
  t = t * r.hi;
  dd s = dd_add(dd_const(exp_head[3][0], exp_head[3][1]), dd_make(t, bitsd(0)));
  for (int n = 2; n >= 0; n--)                /* Horner in double-double */
    s = dd_add(dd_const(exp_head[n][0], exp_head[n][1]), dd_mul(r, s));
  for (int i = 0; i < 9; i++)
    s = dd_mul(s, s);
  /* Scale by 2^k.  s.hi is s rounded to double; when 2^k s is subnormal
     and s.hi falls on a tie of that coarser rounding, s.lo's sign says
     which way the true value lies.  */
  u64 lo = dbits(s.lo);
  int beyond = iszero_b(lo) ? 0 : (lo & SIGN_BIT) ? -1 : 1;
  return bitsd(scalbn_tie(dbits(s.hi), k, beyond));
}
#endif

#if defined(L_log) || defined(L_pow)
/* 1/(2j+1) for the series of atanh: j <= 5 in double-double, the tail
   in double (s^12 < 2^-60 there: its rounding errors stay below 2^-110).  */
static const u64 log_head[6][2] = {
  { 0x3ff0000000000000UL, 0 },
  { 0x3fd5555555555555UL, 0x3c75555555555555UL },
  { 0x3fc999999999999aUL, 0xbc6999999999999aUL },
  { 0x3fc2492492492492UL, 0x3c62492492492492UL },
  { 0x3fbc71c71c71c71cUL, 0x3c5c71c71c71c71cUL },
  { 0x3fb745d1745d1746UL, 0xbc4745d1745d1746UL },
};
static const u64 log_tail[18] = {   /* 1/13 .. 1/47 */
  0x3fb3b13b13b13b14UL, 0x3fb1111111111111UL, 0x3fae1e1e1e1e1e1eUL, 0x3faaf286bca1af28UL,
  0x3fa8618618618618UL, 0x3fa642c8590b2164UL, 0x3fa47ae147ae147bUL, 0x3fa2f684bda12f68UL,
  0x3fa1a7b9611a7b96UL, 0x3fa0842108421084UL, 0x3f9f07c1f07c1f08UL, 0x3f9d41d41d41d41dUL,
  0x3f9bacf914c1bad0UL, 0x3f9a41a41a41a41aUL, 0x3f98f9c18f9c18faUL, 0x3f97d05f417d05f4UL,
  0x3f96c16c16c16c17UL, 0x3f95c9882b931057UL,
};

/* log x for a positive finite x, as double-double.  */
static dd dd_log(double x)
{
  u64 a = dbits(x);
  long ex = (a >> 52) & 0x7ff, k;
  if (ex == 0) {                              /* subnormal */
    a = scalbn_b(a, 54);
    ex = ((a >> 52) & 0x7ff) - 54;
  }
  /* m in [sqrt(1/2), sqrt(2)) */
  u64 mbits = (a & 0x000fffffffffffffUL) | (1023UL << 52);
  k = ex - 1023;
  double m = bitsd(mbits);
  if (m > bitsd(0x3ff6a09e667f3bcdUL)) {      /* sqrt(2) */
    m = bitsd(mbits - (1UL << 52));           /* m / 2, exact */
    k++;
  }
  double one = bitsd(0x3ff0000000000000UL);
  /* s = (m-1)/(m+1), |s| < 0.172; log m = 2 (s + s^3/3 + s^5/5 + ...),
     s^2 < 0.03.  m-1 is exact.  */
  dd s = dd_div(dd_make(m - one, bitsd(0)), two_sum(m, one));
  dd s2 = dd_mul(s, s);
  double t = bitsd(0);
  for (int j = 17; j >= 0; j--)
    t = bitsd(log_tail[j]) + s2.hi * t;
  dd sum = dd_make(t, bitsd(0));
  for (int j = 5; j >= 0; j--)
    sum = dd_add(dd_const(log_head[j][0], log_head[j][1]), dd_mul(s2, sum));
  dd l = dd_mul(dd_make(s.hi + s.hi, s.lo + s.lo), sum);
  return dd_add(dd_mul_d(DD_LN2, int_d(k)), l);
}
#endif

#ifdef L_exp
static double exp_d(double x)
{
  u64 a = dbits(x);
  if (isnan_b(a)) return x;
  if (isinf_b(a)) return (a & SIGN_BIT) ? bitsd(0) : x;
  return dd_exp(dd_make(x, bitsd(0)));
}
static double exp2_d(double x)
{
  u64 a = dbits(x);
  if (isnan_b(a)) return x;
  if (isinf_b(a)) return (a & SIGN_BIT) ? bitsd(0) : x;
  /* integral arguments are exact powers of two */
  if ((a & ~SIGN_BIT) < 0x40a0000000000000UL) {     /* |x| < 2048 */
    long n = (long)x;
    if (int_d(n) == x) return bitsd(scalbn_b(0x3ff0000000000000UL, n));
  } else
    return (a & SIGN_BIT) ? bitsd(0) : bitsd(EXP_BITS);
  return dd_exp(dd_mul_d(DD_LN2, x));
}
W double exp(double x) { return exp_d(x); }
W long double expl(long double x) { return exp_d(x); }
W float expf(float x) { return (float)exp_d(x); }
W double exp2(double x) { return exp2_d(x); }
W long double exp2l(long double x) { return exp2_d(x); }
W float exp2f(float x) { return (float)exp2_d(x); }
#endif

#ifdef L_log
/* BASE: 0 natural, 2, 10.  */
static double log_d(double x, int base)
{
  u64 a = dbits(x);
  if (isnan_b(a)) return x;
  if (iszero_b(a)) return bitsd(SIGN_BIT | EXP_BITS);  /* -inf */
  if (a & SIGN_BIT) return bitsd(QNAN_BITS);
  if (isinf_b(a)) return x;
  dd l = dd_log(x);
  if (base == 2) l = dd_mul(l, DD_LOG2E);
  else if (base == 10) l = dd_mul(l, DD_LOG10E);
  return l.hi + l.lo;
}
W double log(double x) { return log_d(x, 0); }
W long double logl(long double x) { return log_d(x, 0); }
W float logf(float x) { return (float)log_d(x, 0); }
W double log2(double x) { return log_d(x, 2); }
W long double log2l(long double x) { return log_d(x, 2); }
W float log2f(float x) { return (float)log_d(x, 2); }
W double log10(double x) { return log_d(x, 10); }
W long double log10l(long double x) { return log_d(x, 10); }
W float log10f(float x) { return (float)log_d(x, 10); }
#endif

#ifdef L_pow
/* 0: y is not an integer, 1: an odd integer, 2: an even integer.  */
static int int_kind(u64 y)
{
  long ex = (y >> 52) & 0x7ff;
  if (ex < 1023) return iszero_b(y) ? 2 : 0;
  if (ex >= 1023 + 53) return 2;              /* all such are even */
  int fb = 1023 + 52 - ex;
  u64 m = (y & 0x000fffffffffffffUL) | (1UL << 52);
  if (m & ((1UL << fb) - 1)) return 0;
  return ((m >> fb) & 1) ? 1 : 2;
}

/* C99 Annex F.9.4.4, then exp(y log|x|).  */
static double pow_d(double x, double y)
{
  u64 a = dbits(x), b = dbits(y);
  u64 one = 0x3ff0000000000000UL, inf = EXP_BITS;
  if (iszero_b(b) || a == one) return bitsd(one);
  if (isnan_b(a) || isnan_b(b)) return bitsd(QNAN_BITS);
  int yk = int_kind(b);
  int yneg = (b & SIGN_BIT) != 0;
  u64 ax = a & ~SIGN_BIT;
  if (isinf_b(b)) {
    if (ax == one) return bitsd(one);         /* pow(-1, +-inf) */
    return bitsd(((ax < one) != yneg) ? 0 : inf);
  }
  u64 sign = ((a & SIGN_BIT) && yk == 1) ? SIGN_BIT : 0;
  if (iszero_b(a) || isinf_b(a)) {
    /* pow(+-0, y) and pow(+-inf, y): zero or infinity, sign for odd y */
    int big = iszero_b(a) ? yneg : !yneg;
    return bitsd(sign | (big ? inf : 0));
  }
  if ((a & SIGN_BIT) && yk == 0) return bitsd(QNAN_BITS);
  /* y log|x| in double-double; exp of it.  */
  dd l = dd_log(bitsd(ax));
  /* Far out of range (where Dekker's split of a huge y would overflow):
     infinity or zero now.  */
  double sat;
  if (exp_saturates(l.hi * y, &sat)) return bitsd(dbits(sat) | sign);
  dd p = dd_mul_d(l, y);
  return bitsd(dbits(dd_exp(p)) | sign);
}
W double pow(double x, double y) { return pow_d(x, y); }
W long double powl(long double x, long double y) { return pow_d(x, y); }
W float powf(float x, float y) { return (float)pow_d(x, y); }
#endif
