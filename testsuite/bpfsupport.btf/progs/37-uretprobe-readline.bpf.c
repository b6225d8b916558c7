/* bpfs-flags: -D__TARGET_ARCH_x86 */
/* bashreadline-style uretprobe: capture the line returned by readline()
 * in user space, without vmlinux.h (user-space struct pt_regs). */
#include <linux/bpf.h>
#include <linux/ptrace.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#define MAX_LINE 80

struct line_event {
	__u32 pid;
	char comm[16];
	char line[MAX_LINE];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} lines SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct line_event);
} scratch SEC(".maps");

SEC("uretprobe//bin/bash:readline")
int BPF_KRETPROBE(readline_ret, const void *ret)
{
	__u32 zero = 0;
	struct line_event *e;

	if (!ret)
		return 0;
	e = bpf_map_lookup_elem(&scratch, &zero);
	if (!e)
		return 0;
	e->pid = bpf_get_current_pid_tgid() >> 32;
	bpf_get_current_comm(e->comm, sizeof(e->comm));
	bpf_probe_read_user_str(e->line, sizeof(e->line), ret);
	bpf_perf_event_output(ctx, &lines, BPF_F_CURRENT_CPU, e, sizeof(*e));
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
