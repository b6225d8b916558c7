/* perf_event sampling profiler: kernel and user stack ids into a stack
 * trace map, counted in a hash keyed by a struct. */
#include <linux/bpf.h>
#include <linux/bpf_perf_event.h>
#include <stdbool.h>
#include <bpf/bpf_helpers.h>

#define MAX_STACK_DEPTH 127
#define TASK_COMM_LEN 16

struct stack_key {
	__u32 pid;
	__s32 kern_stack_id;
	__s32 user_stack_id;
	char comm[TASK_COMM_LEN];
};

struct {
	__uint(type, BPF_MAP_TYPE_STACK_TRACE);
	__uint(max_entries, 1024);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, MAX_STACK_DEPTH * sizeof(__u64));
} stack_traces SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 10240);
	__type(key, struct stack_key);
	__type(value, __u64);
} counts SEC(".maps");

const volatile bool kernel_only = false;
__u64 samples;

SEC("perf_event")
int do_sample(struct bpf_perf_event_data *ctx)
{
	struct stack_key key = {};
	__u64 one = 1, *val;

	key.pid = bpf_get_current_pid_tgid() >> 32;
	bpf_get_current_comm(key.comm, sizeof(key.comm));
	key.kern_stack_id = bpf_get_stackid(ctx, &stack_traces, 0);
	key.user_stack_id = kernel_only ? -1 :
		bpf_get_stackid(ctx, &stack_traces, BPF_F_USER_STACK);
	samples++;
	val = bpf_map_lookup_elem(&counts, &key);
	if (val)
		__sync_fetch_and_add(val, 1);
	else
		bpf_map_update_elem(&counts, &key, &one, BPF_NOEXIST);
	if (ctx->sample_period > 1000000)
		bpf_printk("long period %llu", ctx->sample_period);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
