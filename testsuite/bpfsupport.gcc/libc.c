/* bpf-libc differential test: built natively (glibc) and by bpf-gcc with
   bpf-libc, run on bpf-run; the outputs must be identical.  At most four
   variadic arguments per call (bpf-gcc passes arguments in r1-r5 only).  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <ctype.h>

static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
/* qsort on 12-byte records by key only: the order of equal keys shows
   whether the sort is stable (glibc's merge sort is, here).  */
struct rec { int key, seq, pad; };
static int cmp_rec(const void *a, const void *b) { return ((const struct rec *)a)->key - ((const struct rec *)b)->key; }
static void sort_records(int n, int keys)
{
  static struct rec r[3000];
  unsigned x = 12345;
  for (int i = 0; i < n; i++) { x = x * 1103515245 + 12345; r[i].key = (x >> 16) % keys; r[i].seq = i; r[i].pad = 0; }
  qsort(r, n, sizeof r[0], cmp_rec);
  unsigned long h = 0;
  int sorted = 1;
  for (int i = 0; i < n; i++) {
    h = h * 1000003 + r[i].key * 4096 + r[i].seq;
    if (i && (r[i - 1].key > r[i].key || (r[i - 1].key == r[i].key && r[i - 1].seq > r[i].seq))) sorted = 0;
  }
  printf("qsort n=%d keys=%d stable-sorted=%d hash=%lx\n", n, keys, sorted, h);
}
static void bye(void) { puts("atexit handler"); }

int main(int argc, char **argv)
{
  char buf[128];
  volatile int seven = 7, neg = -12345;
  volatile long big = 1234567890123L;
  atexit(bye);
  printf("[%d] [%5d] [%-5d] [%05d]\n", seven, seven, seven, neg);
  printf("[%u] [%x] [%X] [%o]\n", 3000000000U, 0xbeefU, 0xbeefU, 8U);
  printf("[%ld] [%lu] [%lx] [%#lx]\n", big, (unsigned long)big, (unsigned long)big, (unsigned long)big);
  printf("[%lld] [%hd] [%hhu] [%+d]\n", LLONG_MIN, (short)70000, (unsigned char)300, seven);
  printf("[%s] [%10s] [%-10s|] [%.3s]\n", "abc", "right", "left", "truncate");
  printf("[%c%c] [%%] [%*d]\n", 'x', 'y', 6, seven);
  printf("[%.5d] [% d] [%#o] [%#x]\n", 42, 42, 8, 0);
  /* doubles from integers at run time (no floating constants: see
     softfp.c) */
  volatile int i3 = 3, i1 = 1, i22 = 22, k1 = 1000, m1 = 1000000, k4 = 4, k8 = 8;
  double third = (double)i1 / i3, d22 = i22;
  printf("[%f] [%.2f] [%e] [%g]\n", third, d22, d22 * k1, third);
  printf("[%g] [%g] [%.3e] [%10.4f]\n", d22 * m1, d22 / m1, third, -d22);
  printf("[%f] [%g] [%.1f] [%.0f]\n", d22 / k8, d22 * m1 * m1, (double)-i3 / k4, d22 / k4);
  int n = sprintf(buf, "%s-%d-%x", "str", neg, 255U);
  printf("sprintf %d [%s]\n", n, buf);
  n = snprintf(buf, 8, "%s", "0123456789");
  printf("snprintf %d [%s]\n", n, buf);
  printf("strlen %d strcmp %d %d\n", (int)strlen("hello"), strcmp("abc", "abd") < 0, strcmp("b", "a") > 0);
  printf("strncmp %d memcmp %d\n", strncmp("abcx", "abcy", 3), memcmp("\x01\x02", "\x01\x03", 2) < 0);
  strcpy(buf, "foo"); strcat(buf, "bar"); strncat(buf, "bazzz", 3);
  printf("[%s] chr [%s] rchr [%s] str [%s]\n", buf, strchr(buf, 'o'), strrchr(buf, 'o'), strstr(buf, "arb"));
  printf("spn %d cspn %d pbrk [%s]\n", (int)strspn("aabbc", "ab"), (int)strcspn("xyzab", "ba"), strpbrk("hello", "lo"));
  memset(buf, 'q', 5); buf[5] = 0; memmove(buf + 1, buf, 3);
  printf("[%s]\n", buf);
  printf("strtol %ld %ld %ld\n", strtol("  -0x1f", 0, 0), strtol("0777", 0, 0), strtol("z", 0, 36));
  printf("strtoul %lu atoi %d abs %d\n", strtoul("18446744073709551615", 0, 10), atoi("-42"), abs(-9));
  int *a = malloc(10 * sizeof *a);
  for (int k = 0; k < 10; k++) a[k] = (k * 7919) % 23;
  qsort(a, 10, sizeof *a, cmp);
  for (int k = 0; k < 10; k++) printf("%d ", a[k]);
  putchar('\n');
  sort_records(0, 1); sort_records(1, 1); sort_records(7, 3); sort_records(9, 2);
  sort_records(100, 10); sort_records(1000, 1000000); sort_records(3000, 50); sort_records(3000, 1);
  a = realloc(a, 1000 * sizeof *a);
  for (int k = 10; k < 1000; k++) a[k] = k;
  long sum = 0;
  for (int k = 0; k < 1000; k++) sum += a[k];
  free(a);
  char *z = calloc(100, 1), *s2 = strdup("dup");
  printf("realloc sum %ld calloc %d strdup [%s]\n", sum, z[99], s2);
  free(z); free(s2);
  printf("ctype %d %d %d %c\n", isdigit('5') != 0, isalpha('5') != 0, isspace('\t') != 0, toupper('q'));
  printf("argc %d argv1 [%s]\n", argc, argc > 1 ? argv[1] : "");
  fputs("to stdout via fputs\n", stdout);
  return 3;
}
