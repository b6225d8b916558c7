/* Stack locals aligned above 8 bytes: an array declared aligned(64) and a
   local of a type declared aligned(64), as production code has them (a
   perf record padded to a cache line).  GCC realigned the frame, `r1 =
   r10; r1 &= -64', and the verifier refuses the mask on the frame pointer;
   clang lays such locals out at offsets from r10 (the kernel aligns r10 to
   8 only).  plugin/stack-align.cc gives them the stack's own alignment:
   the program loads and runs as clang's.  clang's -O0 code is refused too
   (the loop's index is unbounded there).  */
/* { dg-do assemble } */
/* { dg-final { verifier-run overaligned 1495 { -O0 } } } */
/* { dg-final { scan-assembler-not {&= -} } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct record { __u64 a, b; } __attribute__((aligned(64)));

static __attribute__((noinline)) int
sum (volatile char *p, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}

SEC("xdp") int overaligned (struct xdp_md *ctx)
{
  char buf[32] __attribute__((aligned(64)));
  struct record r;
  for (int i = 0; i < 32; i++)
    buf[i] = i * 3;
  r.a = sum (buf, 32);
  r.b = 7;
  return r.a + r.b;
}
char LICENSE[] SEC("license") = "GPL";
