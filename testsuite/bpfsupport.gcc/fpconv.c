/* Floating-point formatting and parsing differential test: printf's
   %f %e %g %a (all flags, widths, precisions) and strtod/strtof/atof on
   special, pseudo-random and constructed operands (subnormals, values
   near powers of ten, exact decimal ties, halfway points between
   doubles and between floats, long and huge-exponent decimal strings,
   hexadecimal strings), built natively (glibc) and by bpf-gcc with
   bpf-libc, run on bpf-run; the outputs must be identical.

   Most conversions are folded into one FNV-1a hash per operand (output
   and return value of each snprintf), printed with the operand's bits
   and a few plain conversions, so a difference names its operand.
   Operands are built from bits at run time, never from floating
   constants (bpf-gcc 12 miscompiles those: softfp.c).  At most four
   variadic arguments per call.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#define RND_SEED 0x9e3779b97f4a7c15UL
#include "diffrand.h"

/* The asm keeps GCC from folding a known pattern into a floating constant.  */
static double D(u64 b) { union { u64 u; double d; } x; __asm__("" : "+r"(b)); x.u = b; return x.d; }
static u64 B(double d) { union { u64 u; double d; } x; x.d = d; return x.u; }
static float F(u32 b) { union { u32 u; float f; } x; __asm__("" : "+r"(b)); x.u = b; return x.f; }
static u32 FB(float f) { union { u32 u; float f; } x; x.f = f; return x.u; }

/* a * 2^e2 as double bits, a < 2^53 (exact).  */
static u64 mkd(u64 a, int e2)
{
  if (!a) return 0;
  int t = 63;
  while (!(a >> t)) t--;
  int be = t + e2 + 1023;
  if (be <= 0) return a << (e2 + 1074);          /* subnormal (caller keeps it exact) */
  return ((u64)be << 52) | ((a << (52 - t)) & 0xfffffffffffffUL);
}

static char buf[8192];
static u64 h;
static void hb(const char *s, int n) { for (int i = 0; i < n; i++) { h ^= (unsigned char)s[i]; h *= 0x100000001b3UL; } h ^= n; h *= 0x100000001b3UL; }
static void H(const char *f, double v) { int n = snprintf(buf, sizeof buf, f, v); hb(buf, n); }
static void HP(const char *f, int p, double v) { int n = snprintf(buf, sizeof buf, f, p, v); hb(buf, n); }

static const u64 dspecial[] = { 0, 1UL << 63, 0x7ff0000000000000UL, 0xfff0000000000000UL,
  0x7ff8000000000000UL, 0xfff8000000000000UL, 0x3ff0000000000000UL, 0xbff0000000000000UL, 1,
  0x800fffffffffffffUL, 0x0010000000000000UL, 0x7fefffffffffffffUL, 0x3fe0000000000000UL,
  0x4340000000000000UL, 0x43f0000000000000UL, 0x44b52d02c7e14af6UL, 0x3fb999999999999aUL,
  0x3fefffffffffffffUL, 0x4023ffffffffffffUL, 0x000fffffffffffffUL, 0x0008000000000000UL,
  0x7fe0000000000000UL, 0x3feffffffffffff0UL, 0x408f400000000000UL };

/* Operands: specials, random bits, subnormals, values near 1, values
   with few mantissa bits (exact ties in decimal), near powers of ten.  */
static u64 rd(void)
{
  u64 r = rnd(), s = r & (1UL << 63);
  switch ((r >> 1) & 7) {
  case 0: return dspecial[(r >> 8) % (sizeof dspecial / sizeof *dspecial)];
  case 1: return s | (r & 0xfffffffffffffUL) | ((0x3ff + ((r >> 20) % 80) - 40UL) << 52);
  case 2: return s | ((r & 0xfffffffffffffUL) >> ((r >> 9) % 4 * 16));
  case 3: return s | mkd((r >> 12) & 0x3ff, -(int)((r >> 4) % 14));
  case 4: {
    char t[16]; int k = (int)((r >> 8) % 640) - 323;
    snprintf(t, sizeof t, "1e%d", k);
    u64 b = B(strtod(t, 0));
    return b + (long)((r >> 20) % 5) - 2;
  }
  default: return r;
  }
}

static const char *const hfmt[] = { "%.0f", "%.1f", "%.3f", "%f", "%.20f", "%e", "%.0e", "%.20e",
  "%g", "%#g", "%.0g", "%.1g", "%.17g", "%.25g", "%a", "%.0a", "%.3a", "%.13a", "%.20a", "%#.0a",
  "%A", "%#.0f", "%#.0e", "%#.3g", "%+.10E", "% .5G", "%-30.8e|", "%030.12f", "%+012.3a", "%- 14.5g|",
  "%015.4e", "% 020g", "%#-12.1f|", "%F", "%12.1a", "%05.1G", 0 };

static void fmt_tests(int n)
{
  for (int i = 0; i < n; i++) {
    u64 b = rd();
    double v = D(b);
    h = 0xcbf29ce484222325UL;
    for (int k = 0; hfmt[k]; k++) H(hfmt[k], v);
    HP("%.*f", (int)(rnd() % 45), v);
    HP("%.*e", (int)(rnd() % 40), v);
    HP("%.*g", (int)(rnd() % 30), v);
    HP("%.*a", (int)(rnd() % 16), v);
    HP("%*.3e", (int)(rnd() % 40) - 20, v);
    HP("%.*g", -1 - (int)(rnd() % 3), v);       /* negative: as if omitted */
    HP("%.*a", -1 - (int)(rnd() % 3), v);
    { int m = snprintf(buf, sizeof buf, "%.3Le", (long double)v); hb(buf, m); }
    { int m = snprintf(buf, sizeof buf, "%.12Lg", (long double)v); hb(buf, m); }
    if (i % 8 == 0) { H("%.800e", v); H("%.1100f", v); H("%.770g", v); }
    printf("%016lx %.17g %a %016lx\n", b, v, v, h);
  }
}

/* Exact decimal ties: (2a+1) * 2^-j has j decimals, the last a 5; at
   j-1 decimals it rounds to even.  Also ties at a significant digit.  */
static void tie_tests(int n)
{
  for (int i = 0; i < n; i++) {
    u64 r = rnd();
    int j = 1 + (int)(r % 12);
    u64 a = 2 * ((r >> 8) % 100000) + 1;
    double v = D(mkd(a, -j) | (r >> 63 << 63));
    printf("%.*f %.*f ", j - 1, v, j, v);
    printf("%.*e ", j - 1, v);
    printf("%.0f %.*g %a\n", v, (int)(r >> 40) % 8 + 1, v, v);
  }
}

/* The exact decimal value of a * 2^e2 (a < 2^60) as "d.ddd...e+X" with
   every digit, into s (big enough); returns its length.  */
static int exact_dec(u64 a, int e2, char *s)
{
  static u32 L[200];
  int n = 0, k = 0;
  while (a) { L[n++] = a % 1000000000; a /= 1000000000; }
  if (!n) return sprintf(s, "0e+0");
  if (e2 < 0) k = -e2;
  while (e2) {
    /* times 2^29 or 5^13 at a time */
    u64 f, c = 0;
    int step = e2 > 0 ? (e2 < 29 ? e2 : 29) : (e2 > -13 ? -e2 : 13);
    if (e2 > 0) { f = 1UL << step; e2 -= step; }
    else { f = 1; for (int i = 0; i < step; i++) f *= 5; e2 += step; }
    for (int i = 0; i < n; i++) { c += L[i] * f; L[i] = c % 1000000000; c /= 1000000000; }
    while (c) { L[n++] = c % 1000000000; c /= 1000000000; }
  }
  static char d[2000];
  int nd = sprintf(d, "%u", L[n - 1]);
  for (int i = n - 2; i >= 0; i--) nd += sprintf(d + nd, "%09u", L[i]);
  int len = 0;
  s[len++] = d[0];
  s[len++] = '.';
  memcpy(s + len, d + 1, nd - 1);
  len += nd - 1;
  return len + sprintf(s + len, "e%d", nd - 1 - k);
}

static void parse_one(const char *s)
{
  char *e1, *e2;
  errno = 0;
  u64 d = B(strtod(s, &e1));
  int er1 = errno;
  errno = 0;
  u32 f = FB(strtof(s, &e2));
  int er2 = errno;
  printf("%016lx %d %d ", d, er1, (int)(e1 - s));
  printf("%08x %d %d\n", f, er2, (int)(e2 - s));
}

static char sbuf[4096];


/* Halfway points between neighbouring doubles (DBL) or floats, exactly,
   just below and just above.  */
static void halfway_tests(int n, int dbl)
{
  for (int i = 0; i < n; i++) {
    u64 r = rnd();
    u64 m;
    int e;
    if (dbl) {
      u64 b = r & 0x7fffffffffffffffUL;
      if (i % 4 == 0) b &= 0x801fffffffffffffUL;       /* subnormal or tiny normal */
      if (i % 4 == 1) b = (b & 0x800fffffffffffffUL) | ((0x3ff + (r >> 52) % 130 - 65) << 52);
      int be = (b >> 52) & 0x7ff;
      if (be == 0x7ff) be = 0x7fe;
      m = b & 0xfffffffffffffUL;
      if (be) m |= 1UL << 52;
      e = (be ? be : 1) - 1075;
    } else {
      u32 b = (u32)r & 0x7fffffff;
      if (i % 4 == 0) b &= 0x00ffffff;
      if (i % 4 == 1) b = (b & 0x807fffff) | ((127 + (u32)(r >> 40) % 80 - 40) << 23);
      int be = (b >> 23) & 0xff;
      if (be == 0xff) be = 0xfe;
      m = b & 0x7fffff;
      if (be) m |= 1UL << 23;
      e = (be ? be : 1) - 150;
    }
    exact_dec(2 * m + 1, e - 1, sbuf);
    parse_one(sbuf);
    char *x = strchr(sbuf, 'e'), ex[16], *y = x - 1;
    strcpy(ex, x);
    /* just above: a 1 after many zeros, before the exponent */
    strcpy(x, "000000000000000000001");
    strcat(x, ex);
    parse_one(sbuf);
    /* just below: one less in the last digit, then 9s */
    while (*y == '0' || *y == '.') { if (*y == '0') *y = '9'; y--; }
    --*y;
    strcpy(x, "99999999999");
    strcat(x, ex);
    parse_one(sbuf);
  }
}

/* Round trips: %.17g and %a of random doubles back through strtod, %.9g
   of floats through strtof, and shorter (rounding) forms.  */
static void roundtrip_tests(int n)
{
  for (int i = 0; i < n; i++) {
    u64 b = rd();
    double v = D(b);
    char s1[64], s2[64], s3[64];
    snprintf(s1, sizeof s1, "%.17g", v);
    snprintf(s2, sizeof s2, "%a", v);
    snprintf(s3, sizeof s3, "%.*e", (int)(rnd() % 17), v);
    u64 b1 = B(strtod(s1, 0)), b2 = B(strtod(s2, 0)), b3 = B(atof(s3));
    u32 fr = (u32)rnd();
    if ((fr & 0x7f800000) == 0x7f800000) fr ^= 0x40000000;   /* no NaN: its sign through (double) is unspecified */
    float fv = F(fr);
    snprintf(s1, sizeof s1, "%.9g", (double)fv);
    u32 f1 = FB(strtof(s1, 0)), f2 = FB(strtof(s3, 0));
    printf("%016lx %016lx %016lx ", b1, b2, b3);
    printf("%08x %08x %08x\n", FB(fv), f1, f2);
  }
}

/* Random decimal strings: 1 to 40 digits (sometimes 1000), a point
   anywhere, exponents up to +-350, leading zeros, signs, blanks,
   trailing garbage; and hexadecimal strings.  */
static void random_string_tests(int n)
{
  for (int i = 0; i < n; i++) {
    u64 r = rnd();
    int len = 0;
    if (r & 1) sbuf[len++] = ' ';
    if (r & 2) sbuf[len++] = (r & 4) ? '-' : '+';
    if ((r >> 3) % 8 == 0) {
      /* hexadecimal */
      sbuf[len++] = '0'; sbuf[len++] = (r & 32) ? 'X' : 'x';
      int nd = 1 + (int)((r >> 6) % 30), dot = (int)((r >> 11) % (nd + 1));
      for (int k = 0; k < nd; k++) {
        if (k == dot && (r & 64)) sbuf[len++] = '.';
        sbuf[len++] = "0123456789abcdefABCDEF"[rnd() % 22];
      }
      len += sprintf(sbuf + len, "p%d", (int)(rnd() % 2400) - 1200);
    } else {
      int nd = (r >> 6) % 16 == 0 ? 1 + (int)((r >> 10) % 1000) : 1 + (int)((r >> 10) % 40);
      int dot = (int)((r >> 20) % (nd + 2)), lz = (r >> 30) % 4 == 0 ? (int)((r >> 32) % 30) : 0;
      for (int k = 0; k < lz; k++) sbuf[len++] = '0';
      for (int k = 0; k < nd; k++) {
        if (k == dot) sbuf[len++] = '.';
        sbuf[len++] = '0' + rnd() % 10;
      }
      if ((r >> 40) % 4) len += sprintf(sbuf + len, "%c%d", (r >> 42) & 1 ? 'e' : 'E', (int)(rnd() % 700) - 350);
    }
    if ((r >> 50) % 4 == 0) sbuf[len++] = "xe.p+-"[(r >> 52) % 6];
    sbuf[len] = 0;
    parse_one(sbuf);
  }
}

static const char *const strs[] = { "0", "-0", "1", "-1", "0.1", "  +3.25e2x", "\t\n\v\f\r 42",
  "9007199254740993", "9007199254740992.5", "9007199254740993.0000000000000000001", "9007199254740994.99999999999",
  "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072013e-308", "2.2250738585072014e-308",
  "2.225073858507201136057409796709131975934819546351645648e-308", "2.225073858507201136057409796709131975934819546351645649e-308",
  "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "2.47032822920623272088e-324",
  "1e-400", "1e400", "-1e400", "1e-320", "1.7976931348623157e308", "1.7976931348623158e308", "1.797693134862315807e308",
  "1.7976931348623159e308", "179769313486231580793728971405301e276", "179769313486231580793728971405302e276",
  "inf", "-Infinity", "INF", "infinit", "iNfInItY", "in", "nan", "-nan", "NaN", "nan(0x123)", "nan(12", "nanx",
  "nan()", "nan(abc_1)", "nan(-1)", "0x", "0x.p1", "0x1.8p1", "0x1p-1074", "0x1p-1075", "0x1.0000000000001p-1075",
  "0x1.fffffffffffff8p1023", "0x1.fffffffffffff7ffffffffp1023", "0X.8P-1022", "0x123456789abcdef123456789p-10",
  "0x0.0000000000000000000000000000001p+120", "0x1p99999999999", "0x1p-99999999999", "0x.000000001", "0x1.fffffep127",
  "0x1.ffffffp127", "0x1.fffffefp127", "0x1p-149", "0x1p-150", "0x1.0000011p-150", "0x0.fffffcp-126", "0x0.fffffep-126",
  "0x0.ffffffp-126", "0x0.fffffffffffff8p-1022", "0x0.fffffffffffffcp-1022", "0x0.fffffffffffff6p-1022",
  "1e", "1e+", "1e-x", ".", "-.", ".5", "5.", "-.5e1", "+-1", "--1", "e5", "1.2.3", "1e5e6", "0e999999999999",
  "-0e-999999999999", "1e999999999999", "1e-999999999999", "1.1754942e-38", "1.17549435e-38", "1.1754943508222875e-38",
  "1.17549429e-38", "1.1754942807573643e-38", "1.4012984643e-45", "7.006492321624085e-46", "7.0064923216240854e-46",
  "7.00649232162408535e-46", "3.4028235e38", "3.4028236e38", "3.40282357e38", "3.4028235677973366e38",
  "3.40282356779733661637539395458142568448e38", "3.40282356779733661637539395458142568449e38",
  "0.000000000000000000000000000000000000000000000000001e51", "123456789012345678901234567890", "00000.00000",
  "0x0p0", "1_0", "0x1p", "0x1p+", " -0x1.fp-1", "1.00000005960464477539062499", "1.000000059604644775390625",
  "1.00000005960464477539062501", "1.0000001788139343261718750", "8.589973e9", "8.589974e9", "7.038531e-26",
  "4.4501477170144023e-308", "2.2250738585072011360574097967091319759348195463516456480234261097248222220210769455165295239081350879141491589130396211068700864386945946455276572074078206217433799881410632673292535522868813721490129811224514518898490572223072852551331557550159143974763979834118019993239625482890171070818506906306666559949382757725720157630626906633326475653000092458883164330377797918696120494973903778297049050510806099407302629371289589500035837999672072543043602840788957717961509455167482434710307026091446215722898802581825451803257070188608721131280795122334262883686223215037756666225039825343359745688844239002654981983854879482922068947216898310996983658468140228542433306603398508864458040010349339704275671864433837704860378616227717385456230658746790140867233276367187499999e-308",
  "2.2250738585072011360574097967091319759348195463516456480234261097248222220210769455165295239081350879141491589130396211068700864386945946455276572074078206217433799881410632673292535522868813721490129811224514518898490572223072852551331557550159143974763979834118019993239625482890171070818506906306666559949382757725720157630626906633326475653000092458883164330377797918696120494973903778297049050510806099407302629371289589500035837999672072543043602840788957717961509455167482434710307026091446215722898802581825451803257070188608721131280795122334262883686223215037756666225039825343359745688844239002654981983854879482922068947216898310996983658468140228542433306603398508864458040010349339704275671864433837704860378616227717385456230658746790140867233276367187500001e-308",
  0 };

int main(void)
{
  /* Formatting: a few plain lines first (readable on failure).  */
  for (unsigned i = 0; i < sizeof dspecial / sizeof *dspecial; i++) {
    double v = D(dspecial[i]);
    printf("[%f] [%e] [%g] ", v, v, v);
    printf("[%a] [%.3a] [%#.0f] ", v, v, v);
    printf("[%-+12.4g] [%012.2e] [% .0e]\n", v, v, v);
  }
  {
    double big = D(0x7fefffffffffffffUL), tiny = D(1);
    printf("%.300f\n%f\n%.1074f\n%.766e\n", big, big, tiny, tiny);
    int k = printf("[%5000.3000f]\n", tiny);
    printf("%d\n", k);
    printf("[%-*.*e]\n", 2000, 1500, big);
  }
  tie_tests(1500);
  fmt_tests(1700);
  /* Parsing.  */
  for (int i = 0; strs[i]; i++) { printf("%s: ", strs[i]); parse_one(strs[i]); }
  {
    /* 1 followed by 1000 zeros and a 1: far beyond the 800 kept digits */
    int len = sprintf(sbuf, "9007199254740993");
    for (int k = 0; k < 1000; k++) sbuf[len++] = '0';
    strcpy(sbuf + len, "1e-1016");
    parse_one(sbuf);
    sbuf[len] = 0; strcat(sbuf, "e-1016");
    parse_one(sbuf);
    sbuf[0] = '0'; sbuf[1] = '.';
    for (int k = 2; k < 3000; k++) sbuf[k] = '0';
    strcpy(sbuf + 3000, "1e2700");
    parse_one(sbuf);
  }
  halfway_tests(400, 1);
  halfway_tests(400, 0);
  roundtrip_tests(1500);
  random_string_tests(2500);
  return 0;
}
