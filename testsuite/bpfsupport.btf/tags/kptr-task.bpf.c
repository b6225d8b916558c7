/* A referenced kptr in a map value: `struct task_struct __kptr *task'.
 * The kernel finds kptr fields by the TYPE_TAG "kptr" between the pointer
 * and the struct; without it bpf_kptr_xchg is refused ("R1 has no valid
 * kptr").  The program stores a task acquired by a kfunc, takes it back
 * out and reads its pid.  A syscall program: BPF_PROG_TEST_RUN runs it.  */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#define __kptr __attribute__((btf_type_tag("kptr")))

extern struct task_struct *bpf_task_from_pid(s32 pid) __ksym;
extern void bpf_task_release(struct task_struct *p) __ksym;

struct value {
	long stored;
	struct task_struct __kptr *task;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, int);
	__type(value, struct value);
} tasks SEC(".maps");

struct { long stored, pid, want; } result;

SEC("syscall")
int kptr_task(void *ctx)
{
	int key = 0;
	struct value *v = bpf_map_lookup_elem(&tasks, &key);
	struct task_struct *t, *old;
	s32 pid = bpf_get_current_pid_tgid() >> 32;

	if (!v)
		return 1;
	t = bpf_task_from_pid(pid);
	if (!t)
		return 2;
	old = bpf_kptr_xchg(&v->task, t);
	if (old)
		bpf_task_release(old);
	v->stored++;
	old = bpf_kptr_xchg(&v->task, NULL);
	if (!old)
		return 3;
	result.pid = old->pid;
	bpf_task_release(old);
	result.stored = v->stored;
	result.want = pid;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
