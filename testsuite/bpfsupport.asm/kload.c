/* Programs built with bpf-gcc -B<bpf-asm> and run in the kernel.  Each
   returns a value that is only right when relocations are right:
   globals at offsets (lddw sym+off), statics (section-relative), the
   second of two BTF maps (relocation against the map symbol), static and
   global bpf-to-bpf calls, strings in .rodata, atomics on .bss.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* GCC 12 turns repeated calls through libbpf's helper pointers into
   indirect calls; declare the helper the GCC way instead.  */
#ifdef __clang__
static void *(*lookup) (void *map, const void *key) = (void *) 1;
#else
void *lookup (void *map, const void *key) __attribute__ ((kernel_helper (1)));
#endif

struct {
  __uint (type, BPF_MAP_TYPE_ARRAY);
  __uint (max_entries, 1);
  __type (key, int);
  __type (value, long);
} m1 SEC (".maps");
struct {
  __uint (type, BPF_MAP_TYPE_ARRAY);
  __uint (max_entries, 4);
  __type (key, int);
  __type (value, long);
} m2 SEC (".maps");

struct cfg { int a; long b; int c; };
struct cfg gcfg = { 11, 0x1234, 7 };
static struct cfg scfg = { 1, 2, 3 };
int garr[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
long gbss;
const char msg[] = "hello";
char _license[] SEC ("license") = "GPL";

static __attribute__ ((noinline)) long rd (long *p) { return *(volatile long *) p; }
static __attribute__ ((noinline)) int rdi (int *p) { return *(volatile int *) p; }
static __attribute__ ((noinline)) int sfn (int x) { return x * 3; }

SEC ("tc") int field (struct __sk_buff *skb)
{
  /* 0x1234 + 7 = 4667 */
  return rd (&gcfg.b) + rdi (&gcfg.c);
}

SEC ("tc") int sfield (struct __sk_buff *skb)
{
  /* 2 * 10 + 3 = 23 */
  return rd (&scfg.b) * 10 + rdi (&scfg.c);
}

SEC ("tc") int arr (struct __sk_buff *skb)
{
  /* 5 * 10 + 7 = 57 */
  return rdi (&garr[5]) * 10 + rdi (&garr[7]);
}

SEC ("tc") int calls (struct __sk_buff *skb)
{
  /* skb->len is 64: sfn (4) = 12 */
  return sfn ((skb->len & 1) | 4);
}

SEC ("tc") int maps (struct __sk_buff *skb)
{
  int k = 2;
  long *v = lookup (&m2, &k);
  if (!v)
    return -1;
  *v += 5;
  k = 0;
  long *w = lookup (&m1, &k);
  if (!w)
    return -2;
  *w = 1;
  v = lookup (&m2, &k);
  if (!v)
    return -3;
  /* m2[0] is 0: a wrong map would give 1.  Then m2[2] = 5.  */
  k = 2;
  long *x = lookup (&m2, &k);
  return x ? *x + *v * 100 : -4;
}

SEC ("tc") int str (struct __sk_buff *skb)
{
  /* 'e' = 101 */
  return ((volatile const char *) msg)[1];
}

SEC ("tc") int atom (struct __sk_buff *skb)
{
  __sync_fetch_and_add (&gbss, 9);
  return rd (&gbss);
}
