/* Count context switches per CPU and per (prev state) with raw_tp. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

struct switch_key {
	u32 prev_pid;
	u32 next_pid;
};

struct switch_val {
	u64 count;
	u64 last_ns;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, u64);
} nr_switches SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 4096);
	__type(key, struct switch_key);
	__type(value, struct switch_val);
} pairs SEC(".maps");

SEC("raw_tp/sched_switch")
int BPF_PROG(handle_switch, bool preempt, struct task_struct *prev,
	     struct task_struct *next)
{
	struct switch_key key = {};
	struct switch_val *val, init = {};
	u32 zero = 0;
	u64 *cnt;

	cnt = bpf_map_lookup_elem(&nr_switches, &zero);
	if (cnt)
		(*cnt)++;
	key.prev_pid = BPF_CORE_READ(prev, pid);
	key.next_pid = BPF_CORE_READ(next, pid);
	val = bpf_map_lookup_elem(&pairs, &key);
	if (!val) {
		bpf_map_update_elem(&pairs, &key, &init, BPF_NOEXIST);
		val = bpf_map_lookup_elem(&pairs, &key);
		if (!val)
			return 0;
	}
	val->count++;
	val->last_ns = bpf_ktime_get_ns();
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
