/* Forced into every test by the bpf-sim board (-include bpf-sim-test.h):
   `__builtin_abort ()' calls the runtime's abort under another name.  With
   the bpfsupport plugin, the abort builtin becomes `return 0' (its trap
   lowering for kernel programs), which would turn a failing test into a
   pass; the board also passes -fno-builtin-abort for plain `abort ()'.  */
#ifndef _BPF_SIM_TEST_H
#define _BPF_SIM_TEST_H
void __bpf_sim_abort(void) __attribute__((__noreturn__));
#define __builtin_abort __bpf_sim_abort
#endif
