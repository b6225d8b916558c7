/* Jumps farther than a 16-bit offset reaches (issue 14, cause 12: the
   selftests' pyperf100.c jumps over 45,644 instructions): bpf-asm writes
   them in their long form, through `gotol' (runtime/asm/relax.c).  Each
   form, taken and not taken: a conditional jump with an inverse, jset
   (which has none), a 32-bit comparison, an unconditional jump, and a
   branch GCC lays out itself around a block too long for a short one.
   gotol is a cpu v4 instruction: at bpf-gcc's default (v3) bpf-asm
   writes them through branch islands instead (relax.exp builds and runs
   that form).  */
/* gcc-flags: -fplugin-arg-bpfsupport-cpu=v4; */
/* no-clang: clang 14 rejects `if r1 & 4 goto' and silently truncates the
   other offsets to 16 bits (cond_taken returns 25536) */
/* expect: jset_taken 6 jset_not_taken 40006 cond_taken 6 cond_not_taken 40006 w_taken 6 goto_far 9 c_branch 40001 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define BLOCK ".rept 40000; r0 += 1; .endr;"

SEC ("xdp") int
jset_taken (struct xdp_md *ctx)
{
  long r;
  asm volatile ("r0 = 6; r1 = 4; if r1 & 4 goto l_%=;" BLOCK "l_%=: %[r] = r0"
                : [r] "=r" (r) :: "r0", "r1");
  return r;
}

SEC ("xdp") int
jset_not_taken (struct xdp_md *ctx)
{
  long r;
  asm volatile ("r0 = 6; r1 = 3; if r1 & 4 goto l_%=;" BLOCK "l_%=: %[r] = r0"
                : [r] "=r" (r) :: "r0", "r1");
  return r;
}

SEC ("xdp") int
cond_taken (struct xdp_md *ctx)
{
  long r;
  asm volatile ("r0 = 6; r1 = 9; if r1 > 5 goto l_%=;" BLOCK "l_%=: %[r] = r0"
                : [r] "=r" (r) :: "r0", "r1");
  return r;
}

SEC ("xdp") int
cond_not_taken (struct xdp_md *ctx)
{
  long r;
  asm volatile ("r0 = 6; r1 = 2; if r1 > 5 goto l_%=;" BLOCK "l_%=: %[r] = r0"
                : [r] "=r" (r) :: "r0", "r1");
  return r;
}

SEC ("xdp") int
w_taken (struct xdp_md *ctx)
{
  long r;
  asm volatile ("r0 = 6; w1 = -1; if w1 s< 3 goto l_%=;" BLOCK "l_%=: %[r] = r0"
                : [r] "=r" (r) :: "r0", "r1");
  return r;
}

/* Backwards too: the unconditional jump at the end goes to the start.  */
SEC ("xdp") int
goto_far (struct xdp_md *ctx)
{
  long r;
  asm volatile ("r0 = 0; r1 = 0; goto l2_%=;"
                "l1_%=: r0 = 9; goto l3_%=;"
                "l2_%=: if r1 != 0 goto l3_%=;" BLOCK "r1 = 1; goto l1_%=;"
                "l3_%=: %[r] = r0"
                : [r] "=r" (r) :: "r0", "r1");
  return r;
}

/* GCC's own branch around the block: the packet is 64 bytes.  */
SEC ("xdp") int
c_branch (struct xdp_md *ctx)
{
  long len = (long) ctx->data_end - (long) ctx->data;
  long r = 1;
  if (len > 32)
    asm volatile ("r0 = 0;" BLOCK "%[r] += r0" : [r] "+r" (r) :: "r0");
  else
    r = 2;
  return r;
}

char LICENSE[] SEC ("license") = "GPL";
