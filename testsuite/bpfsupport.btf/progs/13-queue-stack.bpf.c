/* Queue and stack maps: a work queue of struct items filled by one
 * program and drained by another; a stack of recently seen pids. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct work_item {
	__u32 pid;
	__u32 seq;
	__u64 ts;
};

struct {
	__uint(type, BPF_MAP_TYPE_QUEUE);
	__uint(max_entries, 256);
	__type(value, struct work_item);
} work_queue SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_STACK);
	__uint(max_entries, 32);
	__type(value, __u32);
} recent_pids SEC(".maps");

static __u32 seq;
__u64 drained, overflowed;

SEC("tp/syscalls/sys_enter_getppid")
int produce(void *ctx)
{
	struct work_item item = {
		.pid = bpf_get_current_pid_tgid() >> 32,
		.seq = seq++,
		.ts = bpf_ktime_get_ns(),
	};

	if (bpf_map_push_elem(&work_queue, &item, 0))
		overflowed++;
	bpf_map_push_elem(&recent_pids, &item.pid, BPF_EXIST);
	return 0;
}

SEC("tp/syscalls/sys_exit_getppid")
int consume(void *ctx)
{
	struct work_item item;
	__u32 top;
	int i;

	for (i = 0; i < 4; i++) {
		if (bpf_map_pop_elem(&work_queue, &item))
			break;
		drained++;
	}
	if (bpf_map_peek_elem(&recent_pids, &top) == 0 && top == 1)
		bpf_map_pop_elem(&recent_pids, &top);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
