/* Integer suffixes in inline asm (U, L, LL, ULL), which LLVM's assembler
   skips and the selftests write: "r1 = 0xffffffff00000000LL ll".  */
/* expect: suffix_ll 15 suffix_u 18 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC ("xdp") int
suffix_ll (struct xdp_md *ctx)
{
  long r;
  asm volatile ("r0 = 0xffffffff00000000LL ll; r0 >>= 60; %[r] = r0" : [r] "=r" (r) :: "r0");
  return r;
}

SEC ("xdp") int
suffix_u (struct xdp_md *ctx)
{
  long r;
  asm volatile ("r0 = 15U; r1 = 3ULL; r0 += r1; r1 = -9223372036854775808ULL ll;"
                "if r1 s> 0 goto +1; %[r] = r0" : [r] "=r" (r) :: "r0", "r1");
  return r;
}

char LICENSE[] SEC ("license") = "GPL";
