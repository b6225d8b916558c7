/* "m" operands: GCC prints them as [%fp+-8], clang as (r10 - 8); a
   pseudo-C load or store through one is the same instruction with both
   (issue 13, item 3).  */
/* expect: load_m 42 store_m 77 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

volatile long forty_two = 42;

SEC ("xdp") int
load_m (struct xdp_md *ctx)
{
  volatile long v = forty_two;
  long r;
  asm volatile ("r1 = *(u64 *)%[v]; %[r] = r1" : [r] "=r" (r) : [v] "m" (v) : "r1");
  return r;
}

SEC ("xdp") int
store_m (struct xdp_md *ctx)
{
  volatile long v = 0;
  asm volatile ("r1 = 77; *(u64 *)%[v] = r1" : [v] "=m" (v) :: "r1");
  return v;
}

char LICENSE[] SEC ("license") = "GPL";
