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
extern double __bpf_strtod(const char *, char **);
double strtod(const char *s, char **e)
{
  const char *p = s;
  while (*p == ' ' || (*p >= '\t' && *p <= '\r')) p++;
  int neg = 0;
  if (*p == '-') { neg = 1; p++; } else if (*p == '+') p++;
  double v = 0, scale = D_ONE, ten = D_TEN;
  const char *start = p;
  for (; *p >= '0' && *p <= '9'; p++) v = v * ten + (*p - '0');
  if (*p == '.') for (p++; *p >= '0' && *p <= '9'; p++) { v = v * ten + (*p - '0'); scale *= ten; }
  if (p == start) { if (e) *e = (char *)s; return 0; }
  if (*p == 'e' || *p == 'E') {
    const char *q = p + 1; int en = 0, ex = 0;
    if (*q == '-') { en = 1; q++; } else if (*q == '+') q++;
    if (*q >= '0' && *q <= '9') {
      for (; *q >= '0' && *q <= '9'; q++) if (ex < 10000) ex = ex * 10 + (*q - '0');
      p = q;
      while (ex--) { if (en) scale *= ten; else v *= ten; }
    }
  }
  if (e) *e = (char *)p;
  v = v / scale;
  return neg ? -v : v;
}
float strtof(const char *s, char **e) { return strtod(s, e); }
double atof(const char *s) { return strtod(s, 0); }
#endif
#ifdef L_qsort
static void swap(char *a, char *b, size_t n) { while (n--) { char t = *a; *a++ = *b; *b++ = t; } }
void qsort(void *base, size_t n, size_t sz, int (*cmp)(const void *, const void *))
{
  /* Insertion sort: small inputs, no recursion.  */
  char *b = base;
  for (size_t i = 1; i < n; i++)
    for (size_t j = i; j > 0 && cmp(b + (j - 1) * sz, b + j * sz) > 0; j--)
      swap(b + (j - 1) * sz, b + j * sz, sz);
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
