/* With -mxbpf GCC's own sdiv/smod are kept (no lowering, no library call).  */
/* { dg-do compile } */
/* { dg-options "-mxbpf" } */
/* { dg-final { scan-assembler "\tsdiv\t" } } */
/* { dg-final { scan-assembler "\tsmod32\t" } } */
/* { dg-final { scan-assembler-not "__bpfs_insn|__divdi3|__moddi3" } } */
long d64 (long a, long b) { return a / b; }
int m32 (int a, int b) { return a % b; }
