/* bpfs-flags: -fplugin-arg-bpfsupport-allow-extern-calls */
/* kfuncs bpf_rcu_read_lock/unlock around an RCU-protected walk of
 * task->real_parent in a tp_btf program. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

extern void bpf_rcu_read_lock(void) __ksym;
extern void bpf_rcu_read_unlock(void) __ksym;

struct fork_info {
	pid_t child;
	pid_t parent;
	pid_t grandparent;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, pid_t);
	__type(value, struct fork_info);
} forks SEC(".maps");

SEC("tp_btf/sched_process_fork")
int BPF_PROG(on_fork, struct task_struct *parent, struct task_struct *child)
{
	struct fork_info fi = {};
	struct task_struct *gp;

	fi.child = child->pid;
	fi.parent = parent->tgid;
	bpf_rcu_read_lock();
	gp = parent->real_parent;
	if (gp)
		fi.grandparent = gp->tgid;
	bpf_rcu_read_unlock();
	bpf_map_update_elem(&forks, &fi.child, &fi, BPF_ANY);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
