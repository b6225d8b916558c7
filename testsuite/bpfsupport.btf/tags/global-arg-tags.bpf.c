/* Global functions with decl tags on their parameters: `arg:trusted' lets
 * a global function take a kfunc-acquired task (without it the verifier
 * sizes the pointer as memory and refuses the task), `arg:ctx' lets it
 * take the program's context through a `void *'.  The kernel reads both
 * from DECL_TAGs on the FUNC with the parameter's component_idx.  */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#define __arg_ctx __attribute__((btf_decl_tag("arg:ctx")))
#define __arg_trusted __attribute__((btf_decl_tag("arg:trusted")))

extern struct task_struct *bpf_task_from_pid(s32 pid) __ksym;
extern void bpf_task_release(struct task_struct *p) __ksym;

struct { long pid, ctx, want; } result;

__attribute__((noinline)) int
task_pid(struct task_struct *t __arg_trusted)
{
	if (!t)
		return -1;
	return t->pid;
}

__attribute__((noinline)) int
with_ctx(void *ctx __arg_ctx, int x)
{
	return x + 1;
}

SEC("syscall")
int global_args(void *ctx)
{
	s32 pid = bpf_get_current_pid_tgid() >> 32;
	struct task_struct *t = bpf_task_from_pid(pid);

	if (!t)
		return 1;
	result.pid = task_pid(t);
	bpf_task_release(t);
	result.ctx = with_ctx(ctx, 41);
	result.want = pid;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
