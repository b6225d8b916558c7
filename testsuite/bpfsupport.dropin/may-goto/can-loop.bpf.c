/* can_loop as the selftests' bpf_experimental.h writes it when
   __BPF_FEATURE_MAY_GOTO is defined: `asm goto ("may_goto %l[l_break]")'.
   A loop bounded by a global the verifier cannot see is accepted only
   because may_goto bounds it (kernel 6.9).  bpf-asm assembles may_goto
   (BPF_JMP | BPF_JCOND), bpf-run runs it with the kernel's budget, and
   the plugin announces it as clang-19 does, from -mcpu=v2 (it was
   undefined, and bpf-asm did not know the instruction).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <stdbool.h>

#ifndef __BPF_FEATURE_MAY_GOTO
#error "__BPF_FEATURE_MAY_GOTO is not defined"
#endif
#define can_loop					\
	({ __label__ l_break, l_continue;		\
	bool ret = true;				\
	asm volatile goto("may_goto %l[l_break]"	\
		      :::: l_break);			\
	goto l_continue;				\
	l_break: ret = false;				\
	l_continue:;					\
	ret;						\
	})

unsigned int n = 1000;

SEC ("xdp") int sum_loop (struct xdp_md *ctx)
{
  unsigned long long s = 0;
  for (unsigned int i = 0; i < n && can_loop; i++)
    s += i;
  return s;		/* 0 + 1 + ... + 999 */
}

/* A loop only may_goto ends: the kernel's JIT (timed may_goto, 6.15)
   ends it after some time, bpf-run after BPF_MAX_LOOPS turns.  */
SEC ("xdp") int budget (struct xdp_md *ctx)
{
  unsigned int i = 0;
  while (can_loop)
    i++;
  return i;
}
char LICENSE[] SEC ("license") = "GPL";
