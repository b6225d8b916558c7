/* The kernel selftests' __clobber_all lists r0-r9 in an asm's clobbers.
   GCC 12's BPF backend makes r9 its stack pointer and warned "listing the
   stack pointer register 'r9' in a clobber list is deprecated", an error
   under the selftests' -Werror (73 files of test_progs-bpf_gcc); clang
   gives nothing.  The plugin drops r9 from the list (GCC never allocates
   it), so the only change is the missing warning: the values GCC keeps
   across the asm must still survive it, since r6-r8 are still clobbered.  */
/* { dg-do assemble } */
/* { dg-options "-g -Wall -Werror" } */
/* { dg-final { werror-run "--data-hex 000000000000000000000000000000000000" 4242 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define __clobber_all "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", \
		      "r9", "memory"

static __attribute__ ((noinline)) int
scale (int x)
{
  return x * 100;
}

SEC ("socket")
int clobber_all (void *ctx)
{
  int a = scale (42), b = scale (0) + 42;
  /* Every register but r10 changes here; a and b live across it.  */
  asm volatile ("mov %%r0, 1\n\tmov %%r1, 2\n\tmov %%r2, 3\n\tmov %%r3, 4\n\t"
		"mov %%r4, 5\n\tmov %%r5, 6\n\tmov %%r6, 7\n\tmov %%r7, 8\n\t"
		"mov %%r8, 9\n\tmov %%r9, 10" ::: __clobber_all);
  return a + b;
}

char _license[] SEC ("license") = "GPL";
