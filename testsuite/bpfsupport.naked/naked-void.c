/* The selftests' shape: `void f(void)' naked with __clobber_all, and a
   parameter that the asm reads from r1 (allowed: it is not named in the
   asm's operands).  The return value is the asm's r0.  */
/* { dg-do run } */
/* { dg-final { scan-assembler-times "exit" 1 } } */
/* { dg-final { kernel-retval "--data-hex 00112233445566778899aabbccdd00" 1 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("socket") __attribute__((naked)) void
prog (void)
{
  asm volatile ("r0 = *(u32 *)(r1 + 0)\n"   /* skb->len: 1 */
		"exit\n"
		:
		:
		: "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8",
		  "memory");
}

char LICENSE[] SEC("license") = "GPL";
