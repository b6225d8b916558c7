/* A kfunc whose parameter points to a struct (bpf_task_release(struct
 * task_struct *)), where the same pointer type was met first as a struct
 * member (struct holder): libbpf compares the kfunc's prototype with the
 * kernel's, and a FWD task_struct does not match the kernel's STRUCT
 * ("func_proto ... incompatible with kernel").  */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

extern struct task_struct *bpf_task_from_pid(s32 pid) __ksym;
extern void bpf_task_release(struct task_struct *p) __ksym;

struct holder { struct task_struct *t; long n; } holder = { 0, 1 };
struct { long got, want; } result;	/* the only .bss variable */

SEC("syscall")
int kfunc_param(void *ctx)
{
	s32 pid = bpf_get_current_pid_tgid() >> 32;
	struct task_struct *t = bpf_task_from_pid(pid);

	if (!t)
		return 1;
	result.got = pid;
	bpf_task_release(t);
	result.want = pid;
	holder.n++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
