/* A field offset written as a pointer difference on a CO-RE type,
   `(void *) &t->f - (void *) t', as programs write it (selftests'
   test_log_fixup.c: "ugliness below is a field offset relocation").
   clang relocates it (byte_off); GCC 12's C front end folded it to this
   compiler's offset while parsing, so the program read the local layout
   on every kernel (attrs/core-pointer-diff.cc).  Other differences
   (array elements, a noinline subtraction) must keep their values.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct in___pd {
  int x;
  int y;
} __attribute__((preserve_access_index));

struct task___pd {
  int pid;
  long a;
  void *b;
  struct in___pd nest;
  long arr[4];
} __attribute__((preserve_access_index));

int arr[8] = { 1 };		/* .data: .bss holds out[] alone */
int out[9];

static __attribute__((noinline)) long
elements (int *p, int *q)
{
  return p - q;
}

static __attribute__((noinline)) long
offset_of_b (void)
{
  static struct task___pd *t;
  return (void *) &t->b - (void *) t;
}

SEC ("syscall")
int core_pointer_diff (void *ctx)
{
  static struct task___pd *t;
  int local[6];
  out[0] = (char *) &t->a - (char *) t;
  out[1] = offset_of_b ();
  out[2] = (void *) &t->pid - (void *) t;
  out[3] = elements (&arr[7], &arr[2]);
  out[4] = &local[5] - &local[1];
  out[5] = (long) ((char *) &arr[3] - (char *) arr);
  /* a nested member, an array element, two relocated addresses */
  out[6] = (char *) &t->nest.y - (char *) t;
  out[7] = (char *) &t->arr[2] - (char *) t;
  out[8] = (char *) &t->arr[3] - (char *) &t->b;
  return 0;
}
char LICENSE[] SEC ("license") = "GPL";
