/* Process control, malloc and friends, conversions; one object per
   function (-DL_name).  */
#include <stddef.h>
#include "sim.h"

extern void __stdio_flush(void) __attribute__((weak));

#ifdef L_exit
void (*__atexit_fns[32])(void);
int __atexit_count;
void exit(int code)
{
  while (__atexit_count > 0)
    __atexit_fns[--__atexit_count]();
  if (__stdio_flush)
    __stdio_flush();
  __sim_exit(code);
  __builtin_unreachable();
}
#endif
#ifdef L_atexit
extern void (*__atexit_fns[32])(void);
extern int __atexit_count;
int atexit(void (*f)(void))
{
  if (__atexit_count >= 32) return -1;
  __atexit_fns[__atexit_count++] = f;
  return 0;
}
#endif
#ifdef L__exit
void _exit(int code) { __sim_exit(code); __builtin_unreachable(); }
#endif
#ifdef L__Exit
void _Exit(int code) { __sim_exit(code); __builtin_unreachable(); }
#endif
#ifdef L_abort
void abort(void)
{
  if (__stdio_flush)
    __stdio_flush();
  __sim_abort();
  __builtin_unreachable();
}
/* __builtin_abort in tests (testsuite/boards/bpf-sim.exp).  */
void __bpf_sim_abort(void) __attribute__((alias("abort")));
#endif
#ifdef L___assert_fail
static long len(const char *s) { long n = 0; while (s[n]) n++; return n; }
void __assert_fail(const char *e, const char *file, int line, const char *fn)
{
  char num[12]; int i = 11; num[i] = 0;
  unsigned u = line; do num[--i] = '0' + u % 10; while (u /= 10);
  if (__stdio_flush) __stdio_flush();
  __sim_write(2, file, len(file)); __sim_write(2, ":", 1);
  __sim_write(2, num + i, len(num + i)); __sim_write(2, ": ", 2);
  __sim_write(2, fn, len(fn)); __sim_write(2, ": assertion `", 13);
  __sim_write(2, e, len(e)); __sim_write(2, "' failed.\n", 10);
  __sim_abort();
  __builtin_unreachable();
}
#endif
#ifdef L_write
long write(int fd, const void *b, size_t n) { return __sim_write(fd, b, n); }
#endif
#ifdef L_read
long read(int fd, void *b, size_t n) { return __sim_read(fd, b, n); }
#endif
#ifdef L_sbrk
void *sbrk(long n) { return __sim_sbrk(n); }
#endif
#ifdef L_getpagesize
int getpagesize(void) { return 4096; }
#endif
#ifdef L_errno
int errno;
#endif

/* malloc: 16-byte header (block size incl. header, magic), first-fit free
   list, blocks from sbrk.  */
struct __mblk { size_t size; struct __mblk *next; };
#define MHDR 16
#define MAGIC_USED ((struct __mblk *)0x5a5a5a5a5a5a5a5aUL)

#ifdef L_malloc
struct __mblk *__malloc_free;
void *malloc(size_t n)
{
  if (n > (1UL << 40)) return 0;
  size_t need = (n + MHDR + 15) & ~15UL;
  if (need < 32) need = 32;
  struct __mblk **pp = &__malloc_free, *b;
  for (; (b = *pp); pp = &b->next)
    if (b->size >= need) {
      if (b->size >= need + 64) {
        struct __mblk *r = (struct __mblk *)((char *)b + need);
        r->size = b->size - need;
        r->next = b->next;
        *pp = r;
        b->size = need;
      } else
        *pp = b->next;
      b->next = MAGIC_USED;
      return (char *)b + MHDR;
    }
  b = __sim_sbrk(need);
  if (b == (void *)-1L || !b) return 0;
  b->size = need;
  b->next = MAGIC_USED;
  return (char *)b + MHDR;
}
#endif
#ifdef L_free
extern struct __mblk *__malloc_free;
void free(void *p)
{
  if (!p) return;
  struct __mblk *b = (struct __mblk *)((char *)p - MHDR);
  if (b->next != MAGIC_USED) __sim_abort();   /* double free or bad pointer */
  b->next = __malloc_free;
  __malloc_free = b;
}
#endif
#ifdef L_calloc
extern void *malloc(size_t);
void *calloc(size_t a, size_t b)
{
  size_t n = a * b;
  if (b && n / b != a) return 0;
  char *p = malloc(n);
  if (p) for (size_t i = 0; i < n; i++) p[i] = 0;
  return p;
}
#endif
#ifdef L_realloc
extern void *malloc(size_t);
extern void free(void *);
void *realloc(void *p, size_t n)
{
  if (!p) return malloc(n);
  struct __mblk *b = (struct __mblk *)((char *)p - MHDR);
  size_t old = b->size - MHDR;
  if (n <= old) return p;
  char *q = malloc(n);
  if (!q) return 0;
  for (size_t i = 0; i < old; i++) q[i] = ((char *)p)[i];
  free(p);
  return q;
}
#endif
#ifdef L_aligned_alloc
extern void *malloc(size_t);
void *aligned_alloc(size_t a, size_t n)
{
  /* Blocks are 16-aligned; larger alignments waste a leading block.  */
  if (a <= 16) return malloc(n);
  char *p = malloc(n + a + 32);
  if (!p) return 0;
  unsigned long u = ((unsigned long)p + 32 + a - 1) & ~(a - 1);
  struct __mblk *b = (struct __mblk *)(u - MHDR);
  b->size = n + MHDR;     /* not freeable into the list by size; leaks */
  b->next = MAGIC_USED;
  return (void *)u;
}
#endif
#ifdef L_posix_memalign
extern void *aligned_alloc(size_t, size_t);
int posix_memalign(void **r, size_t a, size_t n)
{ void *p = aligned_alloc(a, n); if (!p) return 12; *r = p; return 0; }
#endif

#ifdef L_abs
int abs(int x) { return x < 0 ? -x : x; }
#endif
#ifdef L_labs
long labs(long x) { return x < 0 ? -x : x; }
#endif
#ifdef L_llabs
long long llabs(long long x) { return x < 0 ? -x : x; }
#endif
#ifdef L_div
typedef struct { int quot, rem; } div_t;
div_t div(int a, int b) { div_t r = { a / b, a % b }; return r; }
#endif
#ifdef L_ldiv
typedef struct { long quot, rem; } ldiv_t;
ldiv_t ldiv(long a, long b) { ldiv_t r = { a / b, a % b }; return r; }
#endif
#ifdef L_lldiv
typedef struct { long long quot, rem; } lldiv_t;
lldiv_t lldiv(long long a, long long b) { lldiv_t r = { a / b, a % b }; return r; }
#endif
#ifdef L_strtoull
static int dig(int c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}
/* The common parser: *neg set for a leading '-'; overflow saturates
   through *ovf.  */
unsigned long long __strtoull(const char *s, char **end, int base, int *neg, int *ovf)
{
  const char *p = s;
  while (*p == ' ' || (*p >= '\t' && *p <= '\r')) p++;
  *neg = 0; *ovf = 0;
  if (*p == '-') { *neg = 1; p++; } else if (*p == '+') p++;
  if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && dig(p[2]) < 16)
    { p += 2; base = 16; }
  else if (base == 0)
    base = *p == '0' ? 8 : 10;
  unsigned long long v = 0;
  const char *start = p;
  for (; dig(*p) < base; p++) {
    unsigned long long nv = v * base + dig(*p);
    if ((nv - dig(*p)) / base != v) *ovf = 1;
    v = nv;
  }
  if (end) *end = (char *)(p == start ? s : p);
  return v;
}
unsigned long long strtoull(const char *s, char **e, int b)
{ int n, o; unsigned long long v = __strtoull(s, e, b, &n, &o); if (o) return ~0ULL; return n ? -v : v; }
unsigned long strtoul(const char *s, char **e, int b)
{ int n, o; unsigned long long v = __strtoull(s, e, b, &n, &o); if (o) return ~0UL; return n ? -v : v; }
#endif
#ifdef L_strtoll
extern unsigned long long __strtoull(const char *, char **, int, int *, int *);
long long strtoll(const char *s, char **e, int b)
{
  int n, o; unsigned long long v = __strtoull(s, e, b, &n, &o);
  if (n) { if (o || v > (1ULL << 63)) return -0x7fffffffffffffffLL - 1; return -(long long)v; }
  if (o || v > 0x7fffffffffffffffULL) return 0x7fffffffffffffffLL;
  return v;
}
long strtol(const char *s, char **e, int b) { return strtoll(s, e, b); }
long long atoll(const char *s) { return strtoll(s, 0, 10); }
long atol(const char *s) { return strtoll(s, 0, 10); }
int atoi(const char *s) { return (int)strtoll(s, 0, 10); }
#endif
#ifdef L_strtod
#include "softfp.h"
extern int errno;
extern unsigned long long __strtoull(const char *, char **, int, int *, int *);
/* Correctly rounded strtod/strtof with integers only (no floating-point
   arithmetic: softfp.h), rounding to nearest, halves to even.

   Decimal input: the significant digits go into a decimal big number
   (Go's strconv "decimal", Nigel Tao's simple decimal conversion), which
   is scaled by powers of two, exactly, until it lies in [1/2, 1); then
   the mantissa bits are shifted in and the rest is rounded by looking at
   the remaining decimal digits.  Only 800 significant digits are kept:
   a halfway point between two doubles has at most 768, so a dropped
   non-zero digit (the sticky flag `trunc') only has to break a tie
   upwards.  A first pass keeps only 60 digits (dropped digits make the
   recorded value smaller, by a relative 10^-59 per step, so the true
   value lies just above it): its result stands unless the value is
   within that error of a halfway point or of a subnormal result; then
   the 800-digit pass decides.  Hexadecimal input is exact in 60 bits
   plus a sticky bit.
   errno = ERANGE on overflow (+-HUGE_VAL) and when the result is zero or
   subnormal and inexact (tininess after rounding, as glibc on x86).  */
#define DEC_MAX 800
#define DEC_FAST 60
struct dec {
  int nd, dp, trunc;                  /* value 0.d[0]d[1]... * 10^dp */
  int lim;                            /* digits kept: DEC_FAST or DEC_MAX */
  unsigned char d[DEC_MAX + 24];      /* digit values; slack for lshift */
};

static void dec_trim(struct dec *a)
{
  while (a->nd > 0 && a->d[a->nd - 1] == 0) a->nd--;
  if (!a->nd) a->dp = 0;
}

/* a /= 2^k, k <= 60.  */
static void dec_rshift(struct dec *a, int k)
{
  int r = 0, w = 0;
  u64 n = 0, mask = (1UL << k) - 1;
  for (; (n >> k) == 0; r++) {
    if (r >= a->nd) {
      if (n == 0) { a->nd = 0; return; }
      while ((n >> k) == 0) { n *= 10; r++; }
      break;
    }
    n = n * 10 + a->d[r];
  }
  a->dp -= r - 1;
  for (; r < a->nd; r++) {
    a->d[w++] = n >> k;
    n = (n & mask) * 10 + a->d[r];
  }
  while (n > 0) {
    u64 dig = n >> k;
    if (w < a->lim) a->d[w++] = dig;
    else if (dig) a->trunc = 1;
    n = (n & mask) * 10;
  }
  a->nd = w;
  dec_trim(a);
}

/* a *= 2^k, k <= 60.  */
static void dec_lshift(struct dec *a, int k)
{
  int delta = ((k * 78913) >> 18) + 1;   /* >= the digits added */
  int w = a->nd - 1 + delta;
  u64 n = 0;
  for (int r = a->nd - 1; r >= 0; r--, w--) {
    n += (u64)a->d[r] << k;
    u64 q = n / 10;
    a->d[w] = n - q * 10;
    n = q;
  }
  while (n > 0) {
    u64 q = n / 10;
    a->d[w--] = n - q * 10;
    n = q;
  }
  int start = w + 1, nd = a->nd + delta - start;
  a->dp += delta - start;
  if (nd > a->lim) {
    for (int i = a->lim; i < nd; i++) if (a->d[start + i]) a->trunc = 1;
    nd = a->lim;
  }
  for (int i = 0; i < nd; i++) a->d[i] = a->d[start + i];
  a->nd = nd;
  dec_trim(a);
}

static void dec_shift(struct dec *a, int k)
{
  if (!a->nd) return;
  for (; k > 60; k -= 60) dec_lshift(a, 60);
  for (; k < -60; k += 60) dec_rshift(a, 60);
  if (k > 0) dec_lshift(a, k);
  else if (k < 0) dec_rshift(a, -k);
}

/* The integer part of a (< 2^63), rounded to nearest, halves to even
   (a dropped digit makes a 5 more than half).  */
static u64 dec_round(const struct dec *a)
{
  u64 n = 0;
  int i;
  for (i = 0; i < a->dp && i < a->nd; i++) n = n * 10 + a->d[i];
  for (; i < a->dp; i++) n *= 10;
  int k = a->dp;
  if (k >= 0 && k < a->nd) {
    if (a->d[k] == 5 && k + 1 == a->nd) n += a->trunc || (k > 0 && (a->d[k - 1] & 1));
    else n += a->d[k] >= 5;
  }
  return n;
}

/* Shift amounts that keep the value's order of magnitude in check.  */
static int dec_step(int dp)
{
  static const unsigned char powtab[9] = { 1, 3, 6, 9, 13, 16, 19, 23, 26 };
  return dp < 9 ? powtab[dp] : dp < 19 ? 27 : 60;
}

/* The format: MB mantissa bits, EMIN the exponent of the smallest
   subnormal, EMAXB the all-ones biased exponent.  */
#define MB(dbl) ((dbl) ? 52 : 23)
#define EMIN(dbl) ((dbl) ? -1074 : -149)
#define EMAXB(dbl) ((dbl) ? 2047 : 255)

/* After dropped digits: the fraction of a lies in (1/2 - 10^-38, 1/2),
   where the true value may be on either side of 1/2.  */
static int dec_near_half(const struct dec *a)
{
  int k = a->dp;
  if (k < 0 || k >= a->nd || a->d[k] != 4) return 0;
  for (int i = k + 1; i <= k + 37; i++)
    if (i >= a->nd || a->d[i] != 9) return 0;
  return 1;
}

/* The nearest bits to a's value (non-zero), as a double (dbl) or float.
   With SURE (the 60-digit pass): *sure = 0 and no result when dropped
   digits leave the rounding or the underflow in doubt.  */
static u64 dec_bits(struct dec *a, int dbl, int *sure)
{
  int mb = MB(dbl), emin = EMIN(dbl);
  if (a->dp > 310) goto overflow;
  if (a->dp < -330) { errno = 34; return 0; }
  int exp = 0;
  while (a->dp > 0) { int n = dec_step(a->dp); dec_shift(a, -n); exp += n; }
  while (a->dp < 0 || (a->dp == 0 && a->d[0] < 5)) { int n = dec_step(-a->dp); dec_shift(a, n); exp -= n; }
  /* a in [1/2, 1): value = a * 2^exp = (2a) * 2^(exp - 1), 2a in [1, 2).  */
  exp--;
  int tiny = 0;
  if (exp < emin + mb) {           /* below the smallest normal */
    dec_shift(a, exp - (emin + mb));
    exp = emin + mb;
    tiny = 1;
  }
  if (exp - emin - mb + 1 >= EMAXB(dbl)) goto overflow;
  dec_shift(a, mb + 1);
  u64 mant = dec_round(a);
  int inexact = a->trunc || a->nd > a->dp;
  if (sure && a->trunc && (tiny || dec_near_half(a))) { *sure = 0; return 0; }
  if (mant == 2UL << mb) {
    mant >>= 1;
    exp++;
    if (exp - emin - mb + 1 >= EMAXB(dbl)) goto overflow;
  }
  /* value ~ mant * 2^(exp - mb); biased exponent exp - emin - mb + 1 for
     a normal mant, 0 for a subnormal one (then exp = emin + mb).  */
  if (tiny && inexact) {
    if (mant < 1UL << mb) errno = 34;
    else {
      /* Rounded up to the smallest normal: tiny unless rounding to one
         more bit, unbounded exponent, gives it as well.  */
      dec_shift(a, 1);
      if (dec_round(a) < 2UL << mb) errno = 34;
    }
  }
  return ((u64)(exp - emin - mb) << mb) + mant;
overflow:
  errno = 34;
  return (u64)EMAXB(dbl) << mb;
}

/* m >> drop (drop in 1..63) rounded to nearest even; sticky: non-zero
   bits below m.  */
static u64 round_shift(u64 m, int drop, int sticky, int *inexact)
{
  u64 r = m >> drop, half = (m >> (drop - 1)) & 1;
  int rest = sticky || (m & ((1UL << (drop - 1)) - 1)) != 0;
  *inexact = half || rest;
  return r + (half && (rest || (r & 1)));
}

/* The nearest bits to (m + sticky) * 2^be, m non-zero, < 2^60.  */
static u64 bin_bits(u64 m, long be, int sticky, int dbl)
{
  int mb = MB(dbl), emin = EMIN(dbl), t = 63, inexact = 0;
  while (!(m >> t)) t--;
  long top = t + be, u = top - mb;
  if (u < emin) u = emin;
  if (top > emin + mb + EMAXB(dbl)) goto overflow;
  long drop = u - be;
  u64 M;
  if (drop <= 0) M = m << -drop;          /* exact (sticky needs drop >= 4) */
  else if (drop > 61) { M = 0; inexact = 1; }
  else M = round_shift(m, drop, sticky, &inexact);
  if (M >> (mb + 1)) { M >>= 1; u++; }
  u64 bits = ((u64)(u - emin) << mb) + M;
  if ((bits >> mb) >= (u64)EMAXB(dbl)) goto overflow;
  if (top < emin + mb && inexact) {
    if (M < 1UL << mb) errno = 34;
    else if (drop < 2 || round_shift(m, drop - 1, sticky, &inexact) < 2UL << mb) errno = 34;
  }
  return bits;
overflow:
  errno = 34;
  return (u64)EMAXB(dbl) << mb;
}

static int lower(int c) { return c | 0x20; }
static int hexdig(int c)
{
  if (c >= '0' && c <= '9') return c - '0';
  c |= 0x20;
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* An exponent's digits at *pp (after e or p): added to *x, saturating;
   *pp moves past it only if there are digits.  */
static void parse_exp(const char **pp, long *x)
{
  const char *q = *pp + 1;
  int neg = 0;
  if (*q == '-' || *q == '+') neg = *q++ == '-';
  if (*q < '0' || *q > '9') return;
  long v = 0;
  for (; *q >= '0' && *q <= '9'; q++) if (v < 1000000000) v = v * 10 + (*q - '0');
  *x += neg ? -v : v;
  *pp = q;
}

/* The parser of strtod and strtof: the result's bits.  */
static u64 parse_fp(const char *s, char **end, int dbl)
{
  const char *p = s;
  int mb = MB(dbl);
  u64 sign = 0, expo = (u64)EMAXB(dbl) << mb;
  while (*p == ' ' || (*p >= '\t' && *p <= '\r')) p++;
  if (*p == '-' || *p == '+') { if (*p == '-') sign = 1UL << (dbl ? 63 : 31); p++; }
  if (lower(p[0]) == 'i' && lower(p[1]) == 'n' && lower(p[2]) == 'f') {
    p += 3;
    if (lower(p[0]) == 'i' && lower(p[1]) == 'n' && lower(p[2]) == 'i' && lower(p[3]) == 't' && lower(p[4]) == 'y') p += 5;
    if (end) *end = (char *)p;
    return sign | expo;
  }
  if (lower(p[0]) == 'n' && lower(p[1]) == 'a' && lower(p[2]) == 'n') {
    u64 bits = sign | expo | 1UL << (mb - 1);
    p += 3;
    if (*p == '(') {
      /* nan(n-char-sequence): glibc takes strtoull(seq, 0) as the payload.  */
      const char *q = p + 1;
      while ((*q >= '0' && *q <= '9') || (lower(*q) >= 'a' && lower(*q) <= 'z') || *q == '_') q++;
      if (*q == ')') {
        char *e;
        int n, o;
        u64 v = __strtoull(p + 1, &e, 0, &n, &o);
        if (o) v = ~0UL;
        if (n) v = -v;
        v &= (1UL << (mb - 1)) - 1;
        if (e == q && v) bits |= v;
        p = q + 1;
      }
    }
    if (end) *end = (char *)p;
    return bits;
  }
  if (p[0] == '0' && lower(p[1]) == 'x' && (hexdig(p[2]) >= 0 || (p[2] == '.' && hexdig(p[3]) >= 0))) {
    u64 m = 0;
    long be = 0;
    int sticky = 0, dot = 0;
    for (p += 2;; p++) {
      int v = hexdig(*p);
      if (*p == '.' && !dot) { dot = 1; continue; }
      if (v < 0) break;
      if (!m && !v) { if (dot) be -= 4; continue; }
      if (!(m >> 56)) { m = m << 4 | v; if (dot) be -= 4; }
      else { sticky |= v != 0; if (!dot) be += 4; }
    }
    if (lower(*p) == 'p') parse_exp(&p, &be);
    if (end) *end = (char *)p;
    if (!m) return sign;
    if (be > 100000) be = 100000;
    if (be < -100000) be = -100000;
    return sign | bin_bits(m, be, sticky, dbl);
  }
  struct dec a, b;
  int digits = 0, dot = 0;
  a.nd = a.dp = a.trunc = 0;
  a.lim = DEC_MAX;
  for (;; p++) {
    int c = *p;
    if (c == '.' && !dot) { dot = 1; continue; }
    if (c < '0' || c > '9') break;
    digits = 1;
    if (c == '0' && !a.nd) { if (dot) a.dp--; continue; }
    if (!dot) a.dp++;
    if (a.nd < DEC_MAX) a.d[a.nd++] = c - '0';
    else if (c != '0') a.trunc = 1;
  }
  if (!digits) { if (end) *end = (char *)s; return 0; }
  long x = a.dp;
  if (lower(*p) == 'e') parse_exp(&p, &x);
  if (end) *end = (char *)p;
  dec_trim(&a);
  if (!a.nd) return sign;
  if (x > 100000) x = 100000;
  if (x < -100000) x = -100000;
  a.dp = x;
  /* The 60-digit pass, then if need be the 800-digit one.  */
  int sure = 1;
  b.nd = a.nd < DEC_FAST ? a.nd : DEC_FAST;
  b.dp = a.dp;
  b.trunc = a.trunc || a.nd > DEC_FAST;
  b.lim = DEC_FAST;
  for (int i = 0; i < b.nd; i++) b.d[i] = a.d[i];
  dec_trim(&b);
  u64 r = dec_bits(&b, dbl, &sure);
  if (!sure) r = dec_bits(&a, dbl, 0);
  return sign | r;
}

double strtod(const char *s, char **e) { return bitsd(parse_fp(s, e, 1)); }
float strtof(const char *s, char **e) { return bitsf(parse_fp(s, e, 0)); }
long double strtold(const char *s, char **e) { return bitsd(parse_fp(s, e, 1)); }
double atof(const char *s) { return bitsd(parse_fp(s, 0, 1)); }
#endif
#ifdef L_qsort
/* A stable merge sort in place, without allocating (the library calls
   none of its public functions, malloc included): insertion sort of runs
   of 8, then bottom-up merges, each merge by rotations (split the longer
   run in half, find the other run's cut by binary search, rotate, merge
   both sides).  O(n log^2 n) comparisons at most; equal elements keep
   their order, as with glibc's merge sort.  */
struct sorter { char *b; size_t sz; int (*cmp)(const void *, const void *); };

static char *at(const struct sorter *s, size_t i) { return s->b + i * s->sz; }
static void swap_elems(const struct sorter *s, size_t i, size_t j)
{
  char *a = at(s, i), *b = at(s, j);
  for (size_t n = s->sz; n--; a++, b++) { char t = *a; *a = *b; *b = t; }
}
static void reverse(const struct sorter *s, size_t lo, size_t hi)
{
  while (lo + 1 < hi) swap_elems(s, lo++, --hi);
}
/* [first, mid) [mid, last) -> [mid, last) [first, mid) */
static void rotate(const struct sorter *s, size_t first, size_t mid, size_t last)
{
  reverse(s, first, mid);
  reverse(s, mid, last);
  reverse(s, first, last);
}
/* The first element of [lo, hi) not less than element V (LOWER), or
   greater than it (!LOWER).  */
static size_t bound(const struct sorter *s, size_t lo, size_t hi, size_t v, int lower)
{
  while (lo < hi) {
    size_t m = lo + (hi - lo) / 2;
    int c = s->cmp(at(s, m), at(s, v));
    if (lower ? c < 0 : c <= 0) lo = m + 1; else hi = m;
  }
  return lo;
}
static void merge(const struct sorter *s, size_t first, size_t mid, size_t last)
{
  size_t len1 = mid - first, len2 = last - mid;
  if (!len1 || !len2) return;
  if (len1 + len2 == 2) {
    if (s->cmp(at(s, mid), at(s, first)) < 0) swap_elems(s, first, mid);
    return;
  }
  size_t cut1, cut2;
  if (len1 > len2) {
    cut1 = first + len1 / 2;
    cut2 = bound(s, mid, last, cut1, 1);
  } else {
    cut2 = mid + len2 / 2;
    cut1 = bound(s, first, mid, cut2, 0);
  }
  rotate(s, cut1, mid, cut2);
  size_t newmid = cut1 + (cut2 - mid);
  merge(s, first, cut1, newmid);
  merge(s, newmid, cut2, last);
}
void qsort(void *base, size_t n, size_t sz, int (*cmp)(const void *, const void *))
{
  struct sorter s = { base, sz, cmp };
  if (n < 2 || !sz) return;
  for (size_t lo = 0; lo < n; lo += 8) {
    size_t hi = lo + 8 < n ? lo + 8 : n;
    for (size_t i = lo + 1; i < hi; i++)
      for (size_t j = i; j > lo && cmp(at(&s, j - 1), at(&s, j)) > 0; j--)
        swap_elems(&s, j - 1, j);
  }
  for (size_t w = 8; w < n; w *= 2)
    for (size_t lo = 0; lo + w < n; lo += 2 * w)
      merge(&s, lo, lo + w, lo + 2 * w < n ? lo + 2 * w : n);
}
#endif
#ifdef L_bsearch
void *bsearch(const void *key, const void *base, size_t n, size_t sz, int (*cmp)(const void *, const void *))
{
  const char *b = base;
  while (n) {
    const char *m = b + (n / 2) * sz;
    int c = cmp(key, m);
    if (!c) return (void *)m;
    if (c > 0) { b = m + sz; n -= n / 2 + 1; } else n /= 2;
  }
  return 0;
}
#endif
#ifdef L_rand
static unsigned long next = 1;
int rand(void) { next = next * 1103515245 + 12345; return (next / 65536) % 32768; }
void srand(unsigned s) { next = s; }
#endif
#ifdef L_getenv
char *getenv(const char *n) { (void)n; return 0; }
#endif
#ifdef L_ctype
int isdigit(int c) { return c >= '0' && c <= '9'; }
int isupper(int c) { return c >= 'A' && c <= 'Z'; }
int islower(int c) { return c >= 'a' && c <= 'z'; }
int isalpha(int c) { return isupper(c) || islower(c); }
int isalnum(int c) { return isalpha(c) || isdigit(c); }
int isxdigit(int c) { return isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
int isspace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
int isblank(int c) { return c == ' ' || c == '\t'; }
int iscntrl(int c) { return (c >= 0 && c < 32) || c == 127; }
int isprint(int c) { return c >= 32 && c < 127; }
int isgraph(int c) { return c > 32 && c < 127; }
int ispunct(int c) { return isgraph(c) && !isalnum(c); }
int isascii(int c) { return !(c & ~0x7f); }
int toascii(int c) { return c & 0x7f; }
int tolower(int c) { return isupper(c) ? c + 32 : c; }
int toupper(int c) { return islower(c) ? c - 32 : c; }
#endif
