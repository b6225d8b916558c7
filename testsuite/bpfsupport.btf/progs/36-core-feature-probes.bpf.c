/* CO-RE feature probing: bpf_core_field_exists, bpf_core_type_exists,
 * bpf_core_enum_value_exists/bpf_core_enum_value and bpf_core_field_size
 * pick code paths that match the running kernel. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

struct task_snapshot {
	u64 start_time;
	u32 pid;
	u32 state_size;
	s64 state;
	u32 has_psi;
	u32 cgroup_ss;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 512);
	__type(key, u32);
	__type(value, struct task_snapshot);
} snaps SEC(".maps");

SEC("tp_btf/sched_process_exec")
int BPF_PROG(on_exec, struct task_struct *p, pid_t old_pid, struct linux_binprm *bprm)
{
	struct task_snapshot s = {};

	s.pid = BPF_CORE_READ(p, pid);
	s.start_time = BPF_CORE_READ(p, start_time);
	if (bpf_core_field_exists(p->__state)) {
		s.state = BPF_CORE_READ(p, __state);
		s.state_size = bpf_core_field_size(p->__state);
	}
	s.has_psi = bpf_core_type_exists(struct psi_group);
	if (bpf_core_enum_value_exists(enum cgroup_subsys_id, cpu_cgrp_id))
		s.cgroup_ss = bpf_core_enum_value(enum cgroup_subsys_id, cpu_cgrp_id);
	bpf_map_update_elem(&snaps, &s.pid, &s, BPF_ANY);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
