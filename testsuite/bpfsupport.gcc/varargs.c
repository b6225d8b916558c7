/* Variadic functions of the program's own: built natively and by bpf-gcc
   with the plugin (its `varargs': va_start sees the anonymous arguments
   BPF passes in r1-r5), run on bpf-run; the outputs must be identical.
   bpf-gcc 12 alone reads the caller's frame instead (toolchain bug 2,
   doc/gcc-testsuite.md), which gcc.exp checks too.  At most five
   arguments per call, named ones included.  */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct pair { long a, b; };
struct big { char s[24]; int n; };

static long sum_longs(int n, ...)
{
  va_list ap;
  va_start(ap, n);
  long s = 0;
  while (n-- > 0) s = s * 31 + va_arg(ap, long);
  va_end(ap);
  return s;
}

/* The kinds: i int (char, short and _Bool promote to it), u unsigned,
   l long, d double (float promotes), p pointer to int, s struct pair,
   b struct big (aggregates: by reference on BPF, by value on x86-64;
   va_arg handles both).  */
static void show(const char *kinds, ...)
{
  va_list ap, again;
  va_start(ap, kinds);
  va_copy(again, ap);
  printf("%s:", kinds);
  for (const char *k = kinds; *k; k++) {
    switch (*k) {
    case 'i': printf(" %d", va_arg(ap, int)); break;
    case 'u': printf(" %u", va_arg(ap, unsigned)); break;
    case 'l': printf(" %ld", va_arg(ap, long)); break;
    case 'd': printf(" %.17g", va_arg(ap, double)); break;
    case 'p': printf(" *%d", *va_arg(ap, int *)); break;
    case 's': { struct pair p = va_arg(ap, struct pair); printf(" {%ld,%ld}", p.a, p.b); break; }
    case 'b': { struct big b = va_arg(ap, struct big); printf(" {%s,%d}", b.s, b.n); break; }
    }
  }
  /* The copy starts again at the first anonymous argument.  */
  if (kinds[0] == 'i') printf(" again %d", va_arg(again, int));
  if (kinds[0] == 'l') printf(" again %ld", va_arg(again, long));
  va_end(again);
  va_end(ap);
  putchar('\n');
}

/* Named arguments before the anonymous ones: 1, 2, 3 and 4 of them.  */
static long after1(long a, ...) { va_list ap; va_start(ap, a); long r = a - va_arg(ap, long); va_end(ap); return r; }
static long after2(long a, long b, ...) { va_list ap; va_start(ap, b); long r = a * b + va_arg(ap, long); va_end(ap); return r; }
static long after3(long a, long b, long c, ...) { va_list ap; va_start(ap, c); long r = a + b + c + va_arg(ap, int); va_end(ap); return r; }
static long after4(int a, int b, int c, int d, ...) { va_list ap; va_start(ap, d); long r = a ^ b ^ c ^ d ^ va_arg(ap, long); va_end(ap); return r; }

/* A va_list handed to bpf-libc's vsnprintf, as every printf wrapper does.  */
static int format(char *buf, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, 64, fmt, ap);
  va_end(ap);
  return n;
}

/* A va_list passed down and read in another function.  */
static long take(va_list *ap) { return va_arg(*ap, long); }
static long pass_down(int n, ...)
{
  va_list ap;
  va_start(ap, n);
  long s = 0;
  while (n-- > 0) s += take(&ap) * (n + 1);
  va_end(ap);
  return s;
}

int main(void)
{
  int x = 1234;
  struct pair pr = { -3, 77 };
  struct big bg;
  strcpy(bg.s, "twenty-three characters");
  bg.s[23] = 0;
  bg.n = 99;
  volatile float f = 2.5f;
  char c = -7; short sh = 300; _Bool t = 1;

  printf("%ld %ld %ld %ld\n", sum_longs(0), sum_longs(1, 5L), sum_longs(2, -1L, 1L << 40),
         sum_longs(4, 1L, 2L, 3L, 4L));
  show("");
  show("i", 42);
  show("ii", c, sh);
  show("iui", t, 4000000000u, -1);
  show("ld", -9000000000L, (double)f);
  show("dp", 0.1, &x);
  show("s", pr);
  show("bi", bg, 5);
  show("lsl", 7L, pr, 8L);
  printf("%ld %ld %ld %ld\n", after1(10, 3L), after2(6, 7, 8L), after3(1, 2, 3, -4), after4(1, 2, 4, 8, 16L));
  char buf[64];
  int n = format(buf, "[%d|%s|%c]", 17, "str", 'q');
  printf("%d %s\n", n, buf);
  n = format(buf, "%ld %lx %s", -1L, 255L, "end");
  printf("%d %s\n", n, buf);
  printf("%ld\n", pass_down(3, 100L, 20L, 3L));
  return 0;
}
