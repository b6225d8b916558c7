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

static void pad(__bpf_out out, void *c, char ch, int n, long *tot)
{
  while (n-- > 0) { out(c, &ch, 1); ++*tot; }
}

/* Integer to digits, reversed into buf's end; returns the start.  */
static char *utoa(unsigned long long v, int base, int upper, char *end)
{
  const char *d = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  do *--end = d[v % base]; while (v /= base);
  return end;
}

/* Fixed-point digits of a non-negative finite double with prec decimals;
   exact for values below 2^64 with at most 17 significant digits.  */
static int fmt_f(double v, int prec, char *buf, int cap)
{
  double r = D_HALF;
  for (int i = 0; i < prec; i++) r /= D_TEN;
  v += r;
  int n = 0;
  /* integer part */
  double ip = D_ONE;
  int ndig = 1;
  while (ip * D_TEN <= v && ndig < 309) { ip *= D_TEN; ndig++; }
  for (; ndig > 0; ndig--) {
    int d = 0;
    while (v >= ip && d < 9) { v -= ip; d++; }
    if (n < cap - 1) buf[n++] = '0' + d;
    ip /= D_TEN;
  }
  if (prec > 0 && n < cap - 1) buf[n++] = '.';
  for (int i = 0; i < prec; i++) {
    v *= D_TEN;
    int d = (int)v;
    if (d > 9) d = 9;
    if (d < 0) d = 0;
    v -= d;
    if (n < cap - 1) buf[n++] = '0' + d;
  }
  buf[n] = 0;
  return n;
}

static int fmt_e(double v, int prec, int upper, char *buf, int cap)
{
  int e = 0;
  if (dbits(v) << 1) {
    while (v >= D_TEN) { v /= D_TEN; e++; }
    while (v < D_ONE) { v *= D_TEN; e--; }
    double r = D_HALF;
    for (int i = 0; i < prec; i++) r /= D_TEN;
    if (v + r >= D_TEN) { v /= D_TEN; e++; }
  }
  int n = fmt_f(v, prec, buf, cap - 6);
  buf[n++] = upper ? 'E' : 'e';
  buf[n++] = e < 0 ? '-' : '+';
  if (e < 0) e = -e;
  if (e >= 100) buf[n++] = '0' + e / 100;
  buf[n++] = '0' + e / 10 % 10;
  buf[n++] = '0' + e % 10;
  buf[n] = 0;
  return n;
}

long __bpf_vformat(__bpf_out out, void *c, const char *f, va_list ap)
{
  long tot = 0;
  char buf[400];
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
      double v = va_arg(ap, double);
      union { double d; unsigned long long u; } bits = { v };
      int neg = bits.u >> 63;
      if (neg) v = -v;
      pre = neg ? "-" : plus ? "+" : space ? " " : "";
      if (prec < 0) prec = 6;
      int upper = *f == 'F' || *f == 'E' || *f == 'G' || *f == 'A';
      if ((bits.u << 1) > 0xffe0000000000000UL) { s = upper ? "NAN" : "nan"; end = s + 3; zero = 0; }
      else if ((bits.u << 1) == 0xffe0000000000000UL) { s = upper ? "INF" : "inf"; end = s + 3; zero = 0; }
      else {
        int n;
        if (*f == 'f' || *f == 'F')
          n = fmt_f(v, prec, buf, sizeof buf);
        else if (*f == 'e' || *f == 'E' || *f == 'a' || *f == 'A')
          n = fmt_e(v, prec, upper, buf, sizeof buf);
        else {
          int p = prec ? prec : 1, x = 0;
          double t = v;
          if (dbits(t) << 1) { while (t >= D_TEN) { t /= D_TEN; x++; } while (t < D_ONE) { t *= D_TEN; x--; } }
          if (x < -4 || x >= p) n = fmt_e(v, p - 1, upper, buf, sizeof buf);
          else n = fmt_f(v, p - 1 - x, buf, sizeof buf);
          if (!alt) {
            /* strip trailing zeros of the fraction */
            int epos = n, dot = -1;
            for (int i = 0; i < n; i++) { if (buf[i] == '.') dot = i; if (buf[i] == 'e' || buf[i] == 'E') { epos = i; break; } }
            if (dot >= 0) {
              int k = epos;
              while (k > dot + 1 && buf[k - 1] == '0') k--;
              if (k == dot + 1) k = dot;
              int m = 0;
              for (int i = epos; i < n; i++) buf[k + m++] = buf[i];
              n = k + m;
              buf[n] = 0;
            }
          }
        }
        s = buf; end = buf + n;
      }
      prec = -1;
      break;
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
