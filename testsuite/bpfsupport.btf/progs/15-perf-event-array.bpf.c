/* Send exit events through a BPF_MAP_TYPE_PERF_EVENT_ARRAY from the
 * sched_process_exit tracepoint (hand-written context). */
#include <linux/bpf.h>
#include <linux/types.h>
#include <bpf/bpf_helpers.h>

struct sched_process_exit_ctx {
	__u64 common;
	char comm[16];
	__s32 pid;
	__s32 prio;
};

struct exit_event {
	__u32 pid;
	__u32 tgid;
	__s32 prio;
	__u32 flags;
	__u64 ts;
	char comm[16];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} exit_events SEC(".maps");

__u64 lost_events;

SEC("tracepoint/sched/sched_process_exit")
int on_exit(struct sched_process_exit_ctx *ctx)
{
	struct exit_event ev = {};
	__u64 id = bpf_get_current_pid_tgid();

	ev.pid = (__u32)id;
	ev.tgid = id >> 32;
	ev.prio = ctx->prio;
	ev.ts = bpf_ktime_get_ns();
	ev.flags = ev.pid == ev.tgid;
	bpf_probe_read_kernel(ev.comm, sizeof(ev.comm), ctx->comm);
	if (bpf_perf_event_output(ctx, &exit_events, BPF_F_CURRENT_CPU, &ev, sizeof(ev)))
		lost_events++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
