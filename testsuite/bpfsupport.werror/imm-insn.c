/* libbpf's selftests write raw instructions into inline asm with
   __imm_insn: an "i" operand read through a pointer to a compound literal,
   `*(long *)&(struct bpf_insn){...}'.  clang folds it; GCC 12 folded it
   only in its optimizers and first warned "'<U1e10>' is used
   uninitialized" (an error under -Werror: verifier_bpf_fastcall.c and
   verifier_search_pruning.c of test_progs-bpf_gcc), and at -O0 the asm had
   an impossible constraint.  The plugin folds it before GCC looks.  The
   program proves the bytes: the two instructions add 4200 and copy r6 to
   r7 (the dst_reg and src_reg bit-fields in the right nibbles), and the
   kernel must return what they compute, at every -O level.  */
/* { dg-do assemble } */
/* { dg-options "-g -Wall -Werror" } */
/* { dg-final { werror-run "--data-hex 000000000000000000000000000000000000" 4242 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* As tools/include/linux/filter.h and the selftests' bpf_misc.h.  */
#define BPF_RAW_INSN(CODE, DST, SRC, OFF, IMM)				\
	((struct bpf_insn) { .code = CODE, .dst_reg = DST, .src_reg = SRC,	\
			     .off = OFF, .imm = IMM })
#define __imm_insn(name, expr) [name]"i"(*(long *)&(expr))

SEC ("socket")
int imm_insn (void *ctx)
{
  unsigned long out;
  asm volatile ("mov %%r6, 42\n\t"
		".8byte %[add]\n\t"
		".8byte %[copy]\n\t"
		"mov %0, %%r7"
		: "=r" (out)
		: __imm_insn (add, BPF_RAW_INSN (BPF_ALU64 | BPF_ADD | BPF_K,
						 BPF_REG_6, 0, 0, 4200)),
		  __imm_insn (copy, BPF_RAW_INSN (BPF_ALU64 | BPF_MOV | BPF_X,
						  BPF_REG_7, BPF_REG_6, 0, 0))
		: "r6", "r7");
  return out;
}

char _license[] SEC ("license") = "GPL";
