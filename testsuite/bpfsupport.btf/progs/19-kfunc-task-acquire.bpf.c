/* bpfs-flags: -fplugin-arg-bpfsupport-allow-extern-calls */
/* kfuncs bpf_task_acquire/bpf_task_release (and bpf_task_from_pid) in a
 * tp_btf program on task_newtask. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

extern struct task_struct *bpf_task_acquire(struct task_struct *p) __ksym;
extern void bpf_task_release(struct task_struct *p) __ksym;
extern struct task_struct *bpf_task_from_pid(s32 pid) __ksym;

u64 acquired, found_parent;
s32 last_pid;

SEC("tp_btf/task_newtask")
int BPF_PROG(on_newtask, struct task_struct *task, u64 clone_flags)
{
	struct task_struct *t, *cur;

	t = bpf_task_acquire(task);
	if (!t)
		return 0;
	acquired++;
	last_pid = t->pid;
	bpf_task_release(t);

	cur = bpf_task_from_pid(bpf_get_current_pid_tgid() >> 32);
	if (cur) {
		if (cur->tgid != 0)
			found_parent++;
		bpf_task_release(cur);
	}
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
