/* A small stdio for bpf-run executables: stdout is buffered and flushed
   at exit/abort/fflush or when full; stderr is unbuffered; stdin reads
   through the read service.  The printf family shares one formatter
   (__bpf_vformat).  One object per -DL_name.  */
#include <stddef.h>
#include <stdarg.h>
#include "sim.h"
#include "softfp.h"

struct __bpf_file { int fd; int err; int eof; int unget; };
typedef struct __bpf_file FILE;

#ifdef L_files
FILE __bpf_stdin = { 0, 0, 0, -1 }, __bpf_stdout = { 1, 0, 0, -1 }, __bpf_stderr = { 2, 0, 0, -1 };
FILE *stdin = &__bpf_stdin, *stdout = &__bpf_stdout, *stderr = &__bpf_stderr;
static char obuf[1024];
static long olen;
void __stdio_flush(void)
{
  if (olen) __sim_write(1, obuf, olen);
  olen = 0;
}
/* Every byte written to a FILE goes through here.  */
long __bpf_fwrite(FILE *f, const char *s, long n)
{
  if (f->fd != 1) {
    __stdio_flush();
    long r = __sim_write(f->fd, s, n);
    if (r < 0) { f->err = 1; return 0; }
    return r;
  }
  for (long i = 0; i < n; i++) {
    if (olen == sizeof obuf) __stdio_flush();
    obuf[olen++] = s[i];
  }
  return n;
}
int fflush(FILE *f) { (void)f; __stdio_flush(); return 0; }
int ferror(FILE *f) { return f->err; }
int feof(FILE *f) { return f->eof; }
void clearerr(FILE *f) { f->err = f->eof = 0; }
int setvbuf(FILE *f, char *b, int m, size_t s) { (void)f; (void)b; (void)m; (void)s; return 0; }
void setbuf(FILE *f, char *b) { (void)f; (void)b; }
int fclose(FILE *f) { (void)f; __stdio_flush(); return 0; }
FILE *fopen(const char *p, const char *m) { (void)p; (void)m; return 0; }
int remove(const char *p) { (void)p; return -1; }
#endif

extern long __bpf_fwrite(FILE *, const char *, long);

#ifdef L_vformat
typedef void (*__bpf_out)(void *, const char *, long);

static const char zeros64[] = "0000000000000000000000000000000000000000000000000000000000000000";
static const char blanks64[] = "                                                                ";

/* N copies of CH ('0' or ' '), written in pieces of up to 64.  */
static void pad(__bpf_out out, void *c, char ch, long n, long *tot)
{
  const char *s = ch == '0' ? zeros64 : blanks64;
  while (n > 0) {
    long k = n < 64 ? n : 64;
    out(c, s, k);
    *tot += k;
    n -= k;
  }
}

/* Integer to digits, reversed into buf's end; returns the start.  */
static char *utoa(unsigned long long v, int base, int upper, char *end)
{
  const char *d = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  do *--end = d[v % base]; while (v /= base);
  return end;
}

/* Floating-point conversions (%f %e %g %a) work on the double's bits
   with integers only: no floating-point arithmetic, so no floating
   constant reaches a register (softfp.h).  The decimal digits are exact
   (the double's value m*2^e as a big integer in base 10^9, m*5^-e for
   e < 0), then rounded to the precision in decimal, halves to even (an
   exact tie is only possible when every digit is known, which they are):
   glibc's output in the default rounding mode.  Digits are written
   straight from the digit array; zeros beyond it (any precision, any
   width) are streamed, so output of any length is exact.  */
struct fconv {
  __bpf_out out;
  void *c;
  long tot;
  long width, prec, fill;
  int left, plus, space, alt, zero, conv;
};

static void put(struct fconv *f, const char *s, long n)
{
  if (n > 0) { f->out(f->c, s, n); f->tot += n; }
}

/* The field's start: blanks (or zeros after the prefix PRE, when the 0
   flag applies) up to the width for a body of LEN characters; the blanks
   after a left-justified body are kept for field_end.  */
static void field_start(struct fconv *f, const char *pre, int plen, long len, int zeros_ok)
{
  long fill = f->width - plen - len;
  if (fill < 0) fill = 0;
  f->fill = 0;
  if (f->left) f->fill = fill;
  else if (!(zeros_ok && f->zero)) pad(f->out, f->c, ' ', fill, &f->tot);
  put(f, pre, plen);
  if (!f->left && zeros_ok && f->zero) pad(f->out, f->c, '0', fill, &f->tot);
}

static void field_end(struct fconv *f)
{
  pad(f->out, f->c, ' ', f->fill, &f->tot);
}

/* A double's decimal digits: value = d[0].d[1]d[2]... * 10^x, nd digits
   (ASCII, no trailing zeros; nd = 0 for zero).  The longest expansion,
   of a subnormal, has 767 significant digits.  */
#define FP_LIMB 1000000000UL
struct fdigits {
  int nd, x;
  char d[800];
};

/* L (n limbs of base 10^9, least significant first) *= f, f <= 2^32.  */
static void limbs_mul(unsigned int *L, int *n, u64 f)
{
  u64 carry = 0;
  int k = *n;
  for (int i = 0; i < k; i++) {
    u64 t = L[i] * f + carry;
    carry = t / FP_LIMB;
    L[i] = t - carry * FP_LIMB;
  }
  while (carry) {
    u64 q = carry / FP_LIMB;
    L[k++] = carry - q * FP_LIMB;
    carry = q;
  }
  *n = k;
}

/* The exact decimal expansion of the finite non-negative double with
   bits A.  */
static void exact_digits(u64 a, struct fdigits *g)
{
  u64 m = a & 0xfffffffffffffUL;
  int be = a >> 52, e = -1074;
  if (be) { m |= 1UL << 52; e = be - 1075; }
  g->nd = 0;
  g->x = 0;
  if (!m) return;
  while (!(m & 1)) { m >>= 1; e++; }
  /* m*2^e = N / 10^k: N = m*2^e (k = 0) or m*5^k (k = -e).  */
  unsigned int L[90];
  int n = 0, k = 0;
  while (m) { u64 q = m / FP_LIMB; L[n++] = m - q * FP_LIMB; m = q; }
  if (e > 0) {
    for (; e >= 32; e -= 32) limbs_mul(L, &n, 1UL << 32);
    if (e) limbs_mul(L, &n, 1UL << e);
  } else if (e < 0) {
    k = -e;
    for (e = k; e >= 13; e -= 13) limbs_mul(L, &n, 1220703125UL);   /* 5^13 */
    u64 p = 1;
    while (e-- > 0) p *= 5;
    if (p > 1) limbs_mul(L, &n, p);
  }
  char *d = g->d;
  int nd = 0, t = 0;
  char top[10];
  unsigned int v = L[n - 1];
  do { top[t++] = '0' + v % 10; v /= 10; } while (v);
  while (t) d[nd++] = top[--t];
  for (int i = n - 2; i >= 0; i--) {
    v = L[i];
    for (int j = 8; j >= 0; j--) { d[nd + j] = '0' + v % 10; v /= 10; }
    nd += 9;
  }
  g->x = nd - 1 - k;
  while (d[nd - 1] == '0') nd--;
  g->nd = nd;
}

/* Round G to its first KEEP digits (KEEP <= 0: to a unit of the digit
   KEEP places before d[0]), halves to even.  */
static void round_digits(struct fdigits *g, long keep)
{
  if (keep >= g->nd) return;
  if (keep < 0) { g->nd = 0; return; }
  char *d = g->d;
  int k = keep;
  int up = d[k] > '5' || (d[k] == '5' && (g->nd > k + 1 || (k > 0 && (d[k - 1] & 1))));
  g->nd = k;
  if (up) {
    int i = k - 1;
    while (i >= 0 && d[i] == '9') i--;
    if (i < 0) { d[0] = '1'; g->nd = 1; g->x++; return; }
    d[i]++;
    g->nd = i + 1;
  }
  while (g->nd > 0 && d[g->nd - 1] == '0') g->nd--;
}

/* Digits FROM..TO-1 of G's digit sequence, zeros outside d[0..nd).  */
static void put_digits(struct fconv *f, const struct fdigits *g, long from, long to)
{
  if (from < 0) {
    long z = (to < 0 ? to : 0) - from;
    pad(f->out, f->c, '0', z, &f->tot);
    from += z;
  }
  long end = to < g->nd ? to : g->nd;
  if (end > from) { put(f, g->d + from, end - from); from = end; }
  pad(f->out, f->c, '0', to - from, &f->tot);
}

/* An exponent: MARK, sign, at least MIN digits; returns the length.  */
static int fmt_exp(char *buf, int mark, long x, int min)
{
  char tmp[24];
  int n = 0, t = 0;
  buf[n++] = mark;
  buf[n++] = x < 0 ? '-' : '+';
  if (x < 0) x = -x;
  do { tmp[t++] = '0' + x % 10; x /= 10; } while (x);
  while (t < min) tmp[t++] = '0';
  while (t) buf[n++] = tmp[--t];
  return n;
}

/* %a: glibc's form, [-]0x1.hhhp+d (0x0.hhhp-1022 for subnormals, 0x0p+0
   for zero); without a precision the fraction's trailing zeros go, with
   one it is rounded (halves to even) and the leading digit may become 2.  */
static void fmt_hex(struct fconv *f, u64 a, char *pre, int plen, int upper)
{
  const char *hd = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  char h[14], ex[24];
  u64 m = a & 0xfffffffffffffUL;
  int be = a >> 52, lead = be ? 1 : 0;
  long x = be ? be - 1023 : m ? -1022 : 0;
  long p = f->prec;
  if (p >= 0 && p < 13) {
    /* Round the leading digit and 52 fraction bits to p hex digits.  */
    int drop = 4 * (13 - (int)p);
    u64 full = ((u64)lead << 52) | m;
    u64 rest = full & ((1UL << drop) - 1), half = 1UL << (drop - 1);
    full >>= drop;
    if (rest > half || (rest == half && (full & 1))) full++;
    full <<= drop;
    lead = full >> 52;
    m = full & 0xfffffffffffffUL;
  }
  for (int i = 0; i < 13; i++) h[i] = hd[(m >> (48 - 4 * i)) & 15];
  int nh = 13;
  while (nh > 0 && h[nh - 1] == '0') nh--;
  if (p < 0) p = nh;
  pre[plen++] = '0';
  pre[plen++] = upper ? 'X' : 'x';
  int point = p > 0 || f->alt;
  int elen = fmt_exp(ex, upper ? 'P' : 'p', x, 1);
  field_start(f, pre, plen, 1 + point + p + elen, 1);
  char l = '0' + lead;
  put(f, &l, 1);
  if (point) put(f, ".", 1);
  put(f, h, nh < p ? nh : p);
  if (p > nh) pad(f->out, f->c, '0', p - nh, &f->tot);
  put(f, ex, elen);
  field_end(f);
}

static void fmt_float(struct fconv *f, u64 bits)
{
  char pre[4], ex[24];
  int plen = 0, conv = f->conv | 0x20, upper = !(f->conv & 0x20);
  if (bits >> 63) pre[plen++] = '-';
  else if (f->plus) pre[plen++] = '+';
  else if (f->space) pre[plen++] = ' ';
  u64 a = bits & ~(1UL << 63);
  if (a >= 0x7ff0000000000000UL) {
    const char *s = a > 0x7ff0000000000000UL ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
    field_start(f, pre, plen, 3, 0);
    put(f, s, 3);
    field_end(f);
    return;
  }
  if (conv == 'a') { fmt_hex(f, a, pre, plen, upper); return; }
  struct fdigits g;
  exact_digits(a, &g);
  long prec = f->prec < 0 ? 6 : f->prec, fd;
  int estyle = conv == 'e';
  if (conv == 'f') {
    round_digits(&g, g.x + 1 + prec);
    fd = prec;
  } else if (conv == 'e') {
    round_digits(&g, prec + 1);
    if (!g.nd) g.x = 0;
    fd = prec;
  } else {
    /* %g: P significant digits, e-style when the exponent X (after
       rounding) is < -4 or >= P; trailing zeros go unless #.  */
    long P = prec ? prec : 1, x0 = g.x;
    round_digits(&g, P);
    if (!g.nd) g.x = 0;
    estyle = g.x < -4 || g.x >= P;
    fd = estyle ? P - 1 : P - 1 - g.x;
    if (!f->alt) {
      long sig = estyle ? g.nd - 1 : g.nd - 1 - g.x;
      if (fd > sig) fd = sig;
      if (fd < 0) fd = 0;
    } else if (estyle && x0 == P - 1 && g.x == P)
      /* glibc: %#g of 999999.5 is 1.e+06, not 1.00000e+06 (the
         rounding carry moved it from f-style to e-style; glibc keeps
         the f-style count of fraction digits, none).  */
      fd = 0;
  }
  int point = fd > 0 || f->alt, elen = 0;
  long intlen = 1;
  if (estyle) elen = fmt_exp(ex, upper ? 'E' : 'e', g.x, 2);
  else if (g.nd && g.x >= 0) intlen = g.x + 1;
  field_start(f, pre, plen, intlen + point + fd + elen, 1);
  if (estyle || (g.nd && g.x >= 0)) put_digits(f, &g, 0, intlen);
  else put(f, "0", 1);
  if (point) put(f, ".", 1);
  long from = estyle ? 1 : g.x + 1;
  put_digits(f, &g, from, from + fd);
  put(f, ex, elen);
  field_end(f);
}

long __bpf_vformat(__bpf_out out, void *c, const char *f, va_list ap)
{
  long tot = 0;
  char buf[32];   /* integer digits, %c */
  for (; *f; f++) {
    if (*f != '%') {
      const char *s = f;
      while (f[1] && f[1] != '%') f++;
      out(c, s, f - s + 1);
      tot += f - s + 1;
      continue;
    }
    f++;
    int left = 0, plus = 0, space = 0, alt = 0, zero = 0, width = 0, prec = -1, lng = 0;
    for (;; f++) {
      if (*f == '-') left = 1;
      else if (*f == '+') plus = 1;
      else if (*f == ' ') space = 1;
      else if (*f == '#') alt = 1;
      else if (*f == '0') zero = 1;
      else break;
    }
    if (*f == '*') { width = va_arg(ap, int); if (width < 0) { left = 1; width = -width; } f++; }
    else while (*f >= '0' && *f <= '9') width = width * 10 + (*f++ - '0');
    if (*f == '.') {
      f++; prec = 0;
      if (*f == '*') { prec = va_arg(ap, int); f++; }
      else while (*f >= '0' && *f <= '9') prec = prec * 10 + (*f++ - '0');
    }
    for (;; f++) {
      if (*f == 'l') lng++;
      else if (*f == 'h') lng = lng > 0 ? lng : lng - 1;
      else if (*f == 'z' || *f == 't' || *f == 'j' || *f == 'L' || *f == 'q') lng = 2;
      else break;
    }
    char *end = buf + sizeof buf, *s;
    const char *pre = "";
    long len;
    int numeric = 1;
    switch (*f) {
    case 'd': case 'i': {
      long long v = lng >= 1 ? va_arg(ap, long long) : va_arg(ap, int);
      if (lng == -1) v = (short)v;
      else if (lng <= -2) v = (signed char)v;
      unsigned long long u = v < 0 ? -(unsigned long long)v : v;
      pre = v < 0 ? "-" : plus ? "+" : space ? " " : "";
      s = (prec == 0 && u == 0) ? end : utoa(u, 10, 0, end);
      break;
    }
    case 'u': case 'x': case 'X': case 'o': case 'p': {
      unsigned long long u;
      int base = *f == 'o' ? 8 : *f == 'u' ? 10 : 16;
      if (*f == 'p') { u = (unsigned long)va_arg(ap, void *); alt = 1; }
      else u = lng >= 1 ? va_arg(ap, unsigned long long) : va_arg(ap, unsigned int);
      if (lng == -1) u = (unsigned short)u;
      else if (lng <= -2) u = (unsigned char)u;
      s = (prec == 0 && u == 0) ? end : utoa(u, base, *f == 'X', end);
      if (alt && base == 16 && (u || *f == 'p')) pre = *f == 'X' ? "0X" : "0x";
      if (alt && base == 8 && *s != '0') *--s = '0';
      break;
    }
    case 'c':
      buf[0] = (char)va_arg(ap, int);
      s = buf; end = buf + 1; numeric = 0;
      break;
    case 's':
      s = va_arg(ap, char *);
      if (!s) s = "(null)";
      end = s;
      while (*end && (prec < 0 || end - s < prec)) end++;
      numeric = 0;
      break;
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
      /* L (long double) is double on BPF.  */
      struct fconv fc;
      fc.out = out; fc.c = c; fc.tot = tot;
      fc.width = width; fc.prec = prec; fc.conv = *f;
      fc.left = left; fc.plus = plus; fc.space = space; fc.alt = alt; fc.zero = zero;
      fmt_float(&fc, dbits(va_arg(ap, double)));
      tot = fc.tot;
      continue;
    }
    case 'n':
      if (lng >= 1) *va_arg(ap, long *) = tot; else *va_arg(ap, int *) = tot;
      continue;
    case '%':
      out(c, "%", 1); tot++;
      continue;
    default:
      if (!*f) return tot;
      out(c, f - 1, 2); tot += 2;
      continue;
    }
    len = end - s;
    long plen = 0; while (pre[plen]) plen++;
    int zeros = 0;
    if (numeric && prec > len) zeros = prec - len;
    int fill = width - (int)(len + plen + zeros);
    if (fill < 0) fill = 0;
    if (numeric && zero && !left && prec < 0) { zeros += fill; fill = 0; }
    if (!left) pad(out, c, ' ', fill, &tot);
    if (plen) { out(c, pre, plen); tot += plen; }
    pad(out, c, '0', zeros, &tot);
    out(c, s, len); tot += len;
    if (left) pad(out, c, ' ', fill, &tot);
  }
  return tot;
}
#endif

typedef void (*__bpf_out)(void *, const char *, long);
extern long __bpf_vformat(__bpf_out, void *, const char *, va_list);
extern FILE *stdout, *stderr, *stdin;

#ifdef L_vfprintf
static void fout(void *c, const char *s, long n) { __bpf_fwrite(c, s, n); }
int vfprintf(FILE *f, const char *fmt, va_list ap) { return __bpf_vformat(fout, f, fmt, ap); }
#endif
#ifdef L_vprintf
static void fout(void *c, const char *s, long n) { __bpf_fwrite(c, s, n); }
int vprintf(const char *fmt, va_list ap) { return __bpf_vformat(fout, stdout, fmt, ap); }
#endif
#ifdef L_vsnprintf
struct sbuf { char *p; size_t n, len; };
static void sout(void *c, const char *s, long n)
{
  struct sbuf *b = c;
  for (long i = 0; i < n; i++, b->len++)
    if (b->len + 1 < b->n) b->p[b->len] = s[i];
}
int vsnprintf(char *p, size_t n, const char *fmt, va_list ap)
{
  struct sbuf b = { p, n, 0 };
  int r = __bpf_vformat(sout, &b, fmt, ap);
  if (n) p[b.len < n ? b.len : n - 1] = 0;
  return r;
}
#endif
#ifdef L_vsprintf
extern int vsnprintf(char *, size_t, const char *, va_list);
int vsprintf(char *p, const char *fmt, va_list ap) { return vsnprintf(p, ~0UL >> 1, fmt, ap); }
#endif
#ifdef L_puts
int puts(const char *s)
{ long n = 0; while (s[n]) n++; __bpf_fwrite(stdout, s, n); __bpf_fwrite(stdout, "\n", 1); return 1; }
#endif
#ifdef L_fputs
int fputs(const char *s, FILE *f)
{ long n = 0; while (s[n]) n++; __bpf_fwrite(f, s, n); return 1; }
#endif
#ifdef L_putchar
int putchar(int c) { char ch = c; __bpf_fwrite(stdout, &ch, 1); return (unsigned char)c; }
#endif
#ifdef L_fputc
int fputc(int c, FILE *f) { char ch = c; __bpf_fwrite(f, &ch, 1); return (unsigned char)c; }
int putc(int c, FILE *f) { char ch = c; __bpf_fwrite(f, &ch, 1); return (unsigned char)c; }
#endif
#ifdef L_fwrite
size_t fwrite(const void *p, size_t sz, size_t n, FILE *f)
{ if (!sz || !n) return 0; return __bpf_fwrite(f, p, sz * n) / sz; }
#endif
#ifdef L_fgetc
int fgetc(FILE *f)
{
  if (f->unget >= 0) { int c = f->unget; f->unget = -1; return c; }
  unsigned char c;
  if (__sim_read(f->fd, &c, 1) != 1) { f->eof = 1; return -1; }
  return c;
}
int getc(FILE *f) { return fgetc(f); }
int getchar(void) { return fgetc(stdin); }
int ungetc(int c, FILE *f) { f->unget = (unsigned char)c; f->eof = 0; return c; }
char *fgets(char *s, int n, FILE *f)
{
  int i = 0;
  while (i < n - 1) { int c = fgetc(f); if (c < 0) break; s[i++] = c; if (c == '\n') break; }
  if (!i) return 0;
  s[i] = 0;
  return s;
}
size_t fread(void *p, size_t sz, size_t n, FILE *f)
{
  size_t t = sz * n, i = 0;
  for (; i < t; i++) { int c = fgetc(f); if (c < 0) break; ((char *)p)[i] = c; }
  return sz ? i / sz : 0;
}
#endif
#ifdef L_perror
void perror(const char *s)
{
  long n = 0; while (s && s[n]) n++;
  if (n) { __bpf_fwrite(stderr, s, n); __bpf_fwrite(stderr, ": ", 2); }
  __bpf_fwrite(stderr, "error\n", 6);
}
#endif
