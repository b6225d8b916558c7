/* Instructions written as data (.byte/.short/.long, as can_loop and
   may_goto in the selftests' bpf_experimental.h), labels between them,
   jumps to those labels and to C labels (issue 13, item 4).  */
/* expect: raw_ja 2 raw_back 3 raw_alu 40 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* `if r0 != 0 goto l_out' encoded by hand as can_loop encodes may_goto:
   opcode 0x55, dst r0, then the offset in instructions written with .long
   (LLVM mis-places a .short whose value needs a fixup), imm 0.  A
   conditional jump: the kernel refuses code that no path reaches.  */
volatile long one = 1;

SEC ("xdp") int
raw_ja (struct xdp_md *ctx)
{
  asm volatile goto ("r0 = %[x];"
                     "1: .byte 0x55; .byte 0; .long ((%l[l_out] - 1b - 8) / 8) & 0xffff; .short 0"
                     :: [x] "r" (one) : "r0" : l_out);
  return 1;
l_out:
  return 2;
}

/* A label after raw words, jumped to by a pseudo-C goto.  */
SEC ("xdp") int
raw_back (struct xdp_md *ctx)
{
  long r;
  asm volatile ("r0 = 0;"
                "goto 2f;"
                "1: .byte 0x07; .byte 0; .short 0; .long 1;"   /* r0 += 1 */
                "2: .byte 0x07; .byte 0; .short 0; .long 1;"   /* r0 += 1 */
                "if r0 < 3 goto 1b;"
                "%[r] = r0"
                : [r] "=r" (r) :: "r0");
  return r;
}

/* A whole 64-bit word with .quad: r0 = 40 (0xb7, imm 40).  */
SEC ("xdp") int
raw_alu (struct xdp_md *ctx)
{
  long r;
  asm volatile (".quad 0x00000028000000b7; %[r] = r0" : [r] "=r" (r) :: "r0");
  return r;
}

char LICENSE[] SEC ("license") = "GPL";
