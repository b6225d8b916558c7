/* A naked function whose asm takes a global's address in a register
   ("r" (vals), as verifier_subprog_precision.c does): the load of the
   operand before the asm is kept (clang emits it too), the rest of the
   compiler's code is not.  The program reads vals[1] and returns 6.  */
/* { dg-do run } */
/* { dg-final { scan-assembler-times "exit" 1 } } */
/* { dg-final { run-calls "--data-hex 00112233445566778899aabbccdd00" "" } } */
/* { dg-final { kernel-retval "--data-hex 00112233445566778899aabbccdd00" 6 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int vals[4] = { 5, 6, 7, 8 };

SEC("socket") __attribute__((naked)) int
prog (void)
{
  asm volatile ("r1 = %[vals]\n"
		"r0 = *(u32 *)(r1 + 4)\n"
		"exit\n"
		:
		: [vals] "r" (vals)
		: "r0", "r1", "memory");
}

char LICENSE[] SEC("license") = "GPL";
