/* IEEE 754 binary32/binary64 arithmetic for bpf-gcc, which has no FPU
   instructions and whose libgcc (Debian) has no soft-float routines.
   Round to nearest even, no exception flags, no other rounding modes.
   Written from the standard's definitions (pack/unpack with three extra
   bits: guard, round, sticky).

   float +, -, *, / are computed in double and rounded once to float: with
   53 >= 2*24 + 2 bits the double rounding is innocuous (the results are
   those of a direct float operation).  Conversions from 64-bit integers
   to float round directly.  */
#include "softfp.h"

#ifdef L_softfp
/* Weak: a program's (or libgcc's) own definition of a routine wins.  */
#define W __attribute__((weak))
#define DF_BIAS 1023
#define SF_BIAS 127
#define DF_QNAN 0x7ff8000000000000UL
#define SF_QNAN 0x7fc00000U

static int clz64(u64 x) { return x ? __builtin_clzl(x) : 64; }

/* Shift right with sticky bit.  */
static u64 shr_sticky(u64 m, int n)
{
  if (n <= 0) return m;
  if (n >= 64) return m != 0;
  return (m >> n) | ((m & ((1UL << n) - 1)) != 0);
}

/* Round and pack a double: the value is m * 2^(e - DF_BIAS - 55), with
   m's leading bit at 55 (or below for subnormal results when e == 1).  */
static u64 rp_df(u64 sign, s64 e, u64 m)
{
  if (!m) return sign << 63;
  /* normalise to a leading bit at 55 */
  int lz = clz64(m) - 8;
  if (lz > 0) { m <<= lz; e -= lz; }
  else if (lz < 0) { m = shr_sticky(m, -lz); e -= lz; }
  if (e <= 0) {
    m = shr_sticky(m, 1 - e);
    e = 1;
  }
  if (e >= 0x7ff) return (sign << 63) | 0x7ff0000000000000UL;
  u64 rb = m & 7;
  m >>= 3;
  if (rb > 4 || (rb == 4 && (m & 1))) m++;
  u64 r = ((u64)(e - 1) << 52) + m;
  if ((r >> 52) >= 0x7ff) r = 0x7ff0000000000000UL;
  return (sign << 63) | r;
}

/* Same for float: value m * 2^(e - SF_BIAS - 26), leading bit at 26.  */
static u32 rp_sf(u64 sign, s64 e, u64 m)
{
  if (!m) return (u32)(sign << 31);
  int lz = clz64(m) - 37;
  if (lz > 0) { m <<= lz; e -= lz; }
  else if (lz < 0) { m = shr_sticky(m, -lz); e -= lz; }
  if (e <= 0) {
    m = shr_sticky(m, 1 - e);
    e = 1;
  }
  if (e >= 0xff) return (u32)(sign << 31) | 0x7f800000U;
  u64 rb = m & 7;
  m >>= 3;
  if (rb > 4 || (rb == 4 && (m & 1))) m++;
  u64 r = ((u64)(e - 1) << 23) + m;
  if ((r >> 23) >= 0xff) r = 0x7f800000U;
  return (u32)(sign << 31) | (u32)r;
}

static int df_isnan(u64 a) { return (a & ~(1UL << 63)) > 0x7ff0000000000000UL; }
static int df_isinf(u64 a) { return (a & ~(1UL << 63)) == 0x7ff0000000000000UL; }
static int df_iszero(u64 a) { return !(a << 1); }

/* Unpack a finite non-zero double: significand with the implicit bit at
   52 (subnormals normalised), biased exponent.  */
static u64 df_unpack(u64 a, s64 *e)
{
  s64 ex = (a >> 52) & 0x7ff;
  u64 m = a & 0xfffffffffffffUL;
  if (ex) m |= 1UL << 52;
  else {
    int sh = clz64(m) - 11;
    m <<= sh;
    ex = 1 - sh;
  }
  *e = ex;
  return m;
}

static u64 qnan(u64 a) { return a | (1UL << 51); }

static u64 add_df(u64 a, u64 b)
{
  if (df_isnan(a)) return qnan(a);
  if (df_isnan(b)) return qnan(b);
  u64 sa = a >> 63, sb = b >> 63;
  if (df_isinf(a)) {
    if (df_isinf(b) && sa != sb) return DF_QNAN;
    return a;
  }
  if (df_isinf(b)) return b;
  if (df_iszero(a)) {
    if (df_iszero(b)) return (sa & sb) << 63;
    return b;
  }
  if (df_iszero(b)) return a;
  s64 ea, eb;
  u64 ma = df_unpack(a, &ea) << 3, mb = df_unpack(b, &eb) << 3;
  if (ea < eb || (ea == eb && ma < mb)) {
    u64 t = ma; ma = mb; mb = t;
    s64 te = ea; ea = eb; eb = te;
    u64 ts = sa; sa = sb; sb = ts;
  }
  mb = shr_sticky(mb, ea - eb);
  u64 m;
  if (sa == sb) m = ma + mb;
  else {
    m = ma - mb;
    if (!m) return 0;   /* x - x is +0 in round to nearest */
  }
  return rp_df(sa, ea, m);
}

/* 53x53-bit product into hi:lo.  */
static void mul64(u64 a, u64 b, u64 *hi, u64 *lo)
{
  u64 a0 = a & 0xffffffff, a1 = a >> 32, b0 = b & 0xffffffff, b1 = b >> 32;
  u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  u64 mid = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff);
  *lo = (p00 & 0xffffffff) | (mid << 32);
  *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

static u64 mul_df(u64 a, u64 b)
{
  u64 s = (a ^ b) >> 63;
  if (df_isnan(a)) return qnan(a);
  if (df_isnan(b)) return qnan(b);
  if (df_isinf(a) || df_isinf(b)) {
    if (df_iszero(a) || df_iszero(b)) return DF_QNAN;
    return (s << 63) | 0x7ff0000000000000UL;
  }
  if (df_iszero(a) || df_iszero(b)) return s << 63;
  s64 ea, eb;
  u64 ma = df_unpack(a, &ea), mb = df_unpack(b, &eb);
  u64 hi, lo;
  mul64(ma, mb, &hi, &lo);
  /* product < 2^106, leading bit at 104 or 105; keep bits from 49 up
     (leading at 55 or 56), the rest sticky.  */
  u64 m = (hi << 15) | (lo >> 49) | ((lo & ((1UL << 49) - 1)) != 0);
  return rp_df(s, ea + eb - DF_BIAS, m);
}

static u64 div_df(u64 a, u64 b)
{
  u64 s = (a ^ b) >> 63;
  if (df_isnan(a)) return qnan(a);
  if (df_isnan(b)) return qnan(b);
  if (df_isinf(a)) {
    if (df_isinf(b)) return DF_QNAN;
    return (s << 63) | 0x7ff0000000000000UL;
  }
  if (df_isinf(b)) return s << 63;
  if (df_iszero(b)) {
    if (df_iszero(a)) return DF_QNAN;
    return (s << 63) | 0x7ff0000000000000UL;
  }
  if (df_iszero(a)) return s << 63;
  s64 ea, eb;
  u64 ma = df_unpack(a, &ea), mb = df_unpack(b, &eb);
  s64 e = ea - eb + DF_BIAS;
  if (ma < mb) { ma <<= 1; e--; }
  /* ma/mb in [1, 2): 56 quotient bits, leading at 55 */
  u64 q = 0, r = ma;
  for (int i = 0; i < 56; i++) {
    q <<= 1;
    if (r >= mb) { r -= mb; q |= 1; }
    r <<= 1;
  }
  q |= r != 0;
  return rp_df(s, e, q);
}

/* -1, 0, 1, or 2 for unordered.  */
static int cmp_df(u64 a, u64 b)
{
  if (df_isnan(a) || df_isnan(b)) return 2;
  if (df_iszero(a) && df_iszero(b)) return 0;
  s64 x = (a >> 63) ? -(s64)(a & ~(1UL << 63)) : (s64)a;
  s64 y = (b >> 63) ? -(s64)(b & ~(1UL << 63)) : (s64)b;
  return x < y ? -1 : x > y;
}

static u64 sf_to_df(u32 a)
{
  u64 s = (u64)(a >> 31) << 63;
  u32 ex = (a >> 23) & 0xff, f = a & 0x7fffff;
  if (ex == 0xff) return s | 0x7ff0000000000000UL | ((u64)f << 29) | (f ? 1UL << 51 : 0);
  if (!ex) {
    if (!f) return s;
    int sh = __builtin_clz(f) - 8;
    f <<= sh;
    ex = 1 - sh + 0;
    return s | ((u64)(ex + DF_BIAS - SF_BIAS) << 52) | ((u64)(f & 0x7fffff) << 29);
  }
  return s | ((u64)(ex + DF_BIAS - SF_BIAS) << 52) | ((u64)f << 29);
}

static u32 df_to_sf(u64 a)
{
  u64 s = a >> 63;
  if (df_isnan(a)) return (u32)(s << 31) | SF_QNAN | (u32)((a >> 29) & 0x3fffff);
  if (df_isinf(a)) return (u32)(s << 31) | 0x7f800000U;
  if (df_iszero(a)) return (u32)(s << 31);
  s64 e;
  u64 m = df_unpack(a, &e);     /* leading at 52 */
  /* to leading at 26: shift right by 26 with sticky */
  return rp_sf(s, e - DF_BIAS + SF_BIAS, shr_sticky(m, 26));
}

static u64 u64_to_df(u64 s, u64 u)
{
  if (!u) return 0;
  return rp_df(s, DF_BIAS + 55, u);    /* rp_df normalises */
}
static u32 u64_to_sf(u64 s, u64 u)
{
  if (!u) return 0;
  return rp_sf(s, SF_BIAS + 26, u);
}

/* Truncate toward zero to an integer of up to 64 bits; *ovf when
   |value| >= 2^64 or NaN.  */
static u64 df_to_u64(u64 a, int *ovf)
{
  *ovf = 0;
  if (df_isnan(a) || df_isinf(a)) { *ovf = 1; return 0; }
  if (df_iszero(a)) return 0;
  s64 e;
  u64 m = df_unpack(a, &e);
  s64 sh = e - DF_BIAS - 52;
  if (sh >= 12) { *ovf = 1; return 0; }
  if (sh >= 0) return m << sh;
  if (sh <= -64) return 0;
  return m >> -sh;
}

static s64 df_to_s64(u64 a)
{
  int ovf;
  u64 u = df_to_u64(a, &ovf);
  if (a >> 63) {
    if (ovf || u > (1UL << 63)) return (s64)(1UL << 63);
    return -(s64)u;
  }
  if (ovf || u > 0x7fffffffffffffffUL) return 0x7fffffffffffffffL;
  return u;
}
static u64 df_to_u64sat(u64 a)
{
  int ovf;
  if (a >> 63) return 0;
  u64 u = df_to_u64(a, &ovf);
  return ovf ? ~0UL : u;
}
static int df_to_s32(u64 a)
{
  s64 v = df_to_s64(a);
  if (v > 0x7fffffff) return 0x7fffffff;
  if (v < -0x80000000L) return -0x7fffffff - 1;
  return v;
}
static u32 df_to_u32(u64 a)
{
  u64 v = df_to_u64sat(a);
  return v > 0xffffffffUL ? 0xffffffffU : (u32)v;
}

#define D(x) dbits(x)
#define F(x) sf_to_df(fbits(x))
#define RD(u) bitsd(u)
#define RF(u) bitsf(df_to_sf(u))

W double __adddf3(double a, double b) { return RD(add_df(D(a), D(b))); }
W double __subdf3(double a, double b) { return RD(add_df(D(a), D(b) ^ (1UL << 63))); }
W double __muldf3(double a, double b) { return RD(mul_df(D(a), D(b))); }
W double __divdf3(double a, double b) { return RD(div_df(D(a), D(b))); }
W double __negdf2(double a) { return RD(D(a) ^ (1UL << 63)); }
W float __addsf3(float a, float b) { return RF(add_df(F(a), F(b))); }
W float __subsf3(float a, float b) { return RF(add_df(F(a), F(b) ^ (1UL << 63))); }
W float __mulsf3(float a, float b) { return RF(mul_df(F(a), F(b))); }
W float __divsf3(float a, float b) { return RF(div_df(F(a), F(b))); }
W float __negsf2(float a) { return bitsf(fbits(a) ^ 0x80000000U); }

/* Comparisons return word_mode (long), as libgcc's CMPtype here.  */
#define CMPS(T, CONV, sfx) \
W long __eq##sfx##2(T a, T b) { return cmp_df(CONV(a), CONV(b)) != 0; } \
W long __ne##sfx##2(T a, T b) { return cmp_df(CONV(a), CONV(b)) != 0; } \
W long __lt##sfx##2(T a, T b) { int c = cmp_df(CONV(a), CONV(b)); return c == 2 ? 1 : c; } \
W long __le##sfx##2(T a, T b) { int c = cmp_df(CONV(a), CONV(b)); return c == 2 ? 1 : c; } \
W long __cmp##sfx##2(T a, T b) { int c = cmp_df(CONV(a), CONV(b)); return c == 2 ? 1 : c; } \
W long __gt##sfx##2(T a, T b) { int c = cmp_df(CONV(a), CONV(b)); return c == 2 ? -1 : c; } \
W long __ge##sfx##2(T a, T b) { int c = cmp_df(CONV(a), CONV(b)); return c == 2 ? -1 : c; } \
W long __unord##sfx##2(T a, T b) { return cmp_df(CONV(a), CONV(b)) == 2; }
CMPS(double, D, df)
CMPS(float, F, sf)

W double __extendsfdf2(float a) { return RD(F(a)); }
W float __truncdfsf2(double a) { return RF(D(a)); }
W double __bpf_extendsfdf2(float a) { return RD(F(a)); }
W float __bpf_truncdfsf2(double a) { return RF(D(a)); }

W double __floatsidf(int i) { return RD(u64_to_df(i < 0, i < 0 ? -(u64)(s64)i : (u64)i)); }
W double __bpf_floatsidf(int i) { return RD(u64_to_df(i < 0, i < 0 ? -(u64)(s64)i : (u64)i)); }
W double __floatunsidf(unsigned i) { return RD(u64_to_df(0, i)); }
W double __bpf_floatunsidf(unsigned i) { return RD(u64_to_df(0, i)); }
W double __floatdidf(long i) { return RD(u64_to_df(i < 0, i < 0 ? -(u64)i : (u64)i)); }
W double __floatundidf(unsigned long i) { return RD(u64_to_df(0, i)); }
W float __floatsisf(int i) { return bitsf(u64_to_sf(i < 0, i < 0 ? -(u64)(s64)i : (u64)i)); }
W float __floatunsisf(unsigned i) { return bitsf(u64_to_sf(0, i)); }
W float __floatdisf(long i) { return bitsf(u64_to_sf(i < 0, i < 0 ? -(u64)i : (u64)i)); }
W float __floatundisf(unsigned long i) { return bitsf(u64_to_sf(0, i)); }


/* <math.h> basics, exact (bit manipulation and the integer square root):
   fabs, copysign, fmax, fmin, floor, ceil, trunc, round, sqrt, for
   double, float and long double (= double here).  No transcendental
   functions.  */
static u64 isqrt128(unsigned __int128 x, int *inexact)
{
  unsigned __int128 r = 0, bit = (unsigned __int128)1 << 126;
  while (bit > x) bit >>= 2;
  while (bit) {
    if (x >= r + bit) { x -= r + bit; r = (r >> 1) + bit; }
    else r >>= 1;
    bit >>= 2;
  }
  *inexact = x != 0;
  return (u64)r;
}
static u64 sqrt_df(u64 a)
{
  if (df_isnan(a)) return qnan(a);
  if (df_iszero(a)) return a;
  if (a >> 63) return DF_QNAN;
  if (df_isinf(a)) return a;
  s64 e;
  u64 m = df_unpack(a, &e);
  s64 E = e - DF_BIAS;
  if (E & 1) { m <<= 1; E -= 1; }
  int inexact;
  u64 r = isqrt128((unsigned __int128)m << 58, &inexact);
  return rp_df(0, E / 2 + DF_BIAS, r | inexact);
}
#define MATH_D(name, expr) W double name(double x) { u64 a = D(x); return RD(expr); } \
  W long double name##l(long double x) { u64 a = D(x); return RD(expr); } \
  W float name##f(float y) { u64 a = F(y); return RF(expr); }
MATH_D(fabs, a & ~(1UL << 63))
MATH_D(sqrt, sqrt_df(a))
MATH_D(floor, round_integral(a, ROUND_FLOOR))
MATH_D(ceil, round_integral(a, ROUND_CEIL))
MATH_D(trunc, round_integral(a, ROUND_TRUNC))
MATH_D(round, round_integral(a, ROUND_HALF_AWAY))
/* fmax/fmin: a quiet NaN operand is ignored, a signalling one gives NaN
   (IEEE 754-2008 maxNum/minNum, as glibc).  SN is computed on the
   operands' own format, before widening quiets them.  */
#define MATH_D2(name, expr) \
  W double name(double x, double y) { u64 a = D(x), b = D(y); int sn = df_issnan(a) || df_issnan(b); return RD(expr); } \
  W long double name##l(long double x, long double y) { u64 a = D(x), b = D(y); int sn = df_issnan(a) || df_issnan(b); return RD(expr); } \
  W float name##f(float x, float y) { u64 a = F(x), b = F(y); int sn = sf_issnan(fbits(x)) || sf_issnan(fbits(y)); return RF(expr); }
static int df_issnan(u64 a) { return df_isnan(a) && !(a & (1UL << 51)); }
static int sf_issnan(u32 a) { return (a & 0x7fffffff) > 0x7f800000 && !(a & 0x400000); }
/* ilogb: the unbiased exponent; 0 and NaN give INT_MIN, infinities
   INT_MAX (FP_ILOGB0 and FP_ILOGBNAN as glibc on x86-64).  */
static int ilogb_df(u64 a)
{
  if (df_iszero(a) || df_isnan(a)) return -0x7fffffff - 1;
  if (df_isinf(a)) return 0x7fffffff;
  s64 e;
  df_unpack(a, &e);
  return (int)(e - DF_BIAS);
}
W int ilogb(double x) { return ilogb_df(D(x)); }
W int ilogbl(long double x) { return ilogb_df(D(x)); }
W int ilogbf(float x) { return ilogb_df(F(x)); }
MATH_D2(copysign, ((void)sn, (a & ~(1UL << 63)) | (b & (1UL << 63))))
MATH_D2(fmax, sn ? DF_QNAN : df_isnan(a) ? b : df_isnan(b) ? a : cmp_df(a, b) == 0 ? (a & b) : cmp_df(a, b) > 0 ? a : b)
MATH_D2(fmin, sn ? DF_QNAN : df_isnan(a) ? b : df_isnan(b) ? a : cmp_df(a, b) == 0 ? (a | b) : cmp_df(a, b) < 0 ? a : b)

W int __fixdfsi(double a) { return df_to_s32(D(a)); }
W int __bpf_fix_truncdfsi(double a) { return df_to_s32(D(a)); }
W long __fixdfdi(double a) { return df_to_s64(D(a)); }
W unsigned __fixunsdfsi(double a) { return df_to_u32(D(a)); }
W unsigned long __fixunsdfdi(double a) { return df_to_u64sat(D(a)); }
W int __fixsfsi(float a) { return df_to_s32(F(a)); }
W long __fixsfdi(float a) { return df_to_s64(F(a)); }
W unsigned __fixunssfsi(float a) { return df_to_u32(F(a)); }
W unsigned long __fixunssfdi(float a) { return df_to_u64sat(F(a)); }

/* __builtin_powi: libgcc's own __powidf2/__powisf2 load the constant 1.0
   into a register and are miscompiled by bpf-gcc 12; these replace them
   (same algorithm: binary powering in the operand's type).  */
W double __powidf2(double x, int m)
{
  unsigned n = m < 0 ? -(unsigned)m : (unsigned)m;
  double y = n % 2 ? x : D_ONE;
  while (n >>= 1) { x = x * x; if (n % 2) y = y * x; }
  return m < 0 ? D_ONE / y : y;
}
W float __powisf2(float x, int m)
{
  unsigned n = m < 0 ? -(unsigned)m : (unsigned)m;
  float one = bitsf(0x3f800000U);
  float y = n % 2 ? x : one;
  while (n >>= 1) { x = x * x; if (n % 2) y = y * x; }
  return m < 0 ? one / y : y;
}
#endif
