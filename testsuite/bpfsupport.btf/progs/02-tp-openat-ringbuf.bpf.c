/* Trace openat(2) through the syscalls tracepoint with a hand-written
 * context struct; emit variable-length records to a ring buffer. */
#include <linux/bpf.h>
#include <linux/types.h>
#include <bpf/bpf_helpers.h>

#define MAX_PATH 128

struct sys_enter_openat_ctx {
	__u64 __unused_common;
	int __syscall_nr;
	int __pad;
	long dfd;
	const char *filename;
	long flags;
	long mode;
};

struct open_event {
	__u32 pid;
	__u32 flags;
	__u16 path_len;
	__u16 reserved;
	char comm[16];
	char path[];		/* flexible array member */
};

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 256 * 1024);
} events SEC(".maps");

__u64 dropped;
__u64 seen;

SEC("tp/syscalls/sys_enter_openat")
int trace_openat(struct sys_enter_openat_ctx *ctx)
{
	struct open_event *e;
	long n;

	__sync_fetch_and_add(&seen, 1);
	e = bpf_ringbuf_reserve(&events, sizeof(*e) + MAX_PATH, 0);
	if (!e) {
		__sync_fetch_and_add(&dropped, 1);
		return 0;
	}
	e->pid = bpf_get_current_pid_tgid() >> 32;
	e->flags = (__u32)ctx->flags;
	e->reserved = 0;
	bpf_get_current_comm(e->comm, sizeof(e->comm));
	n = bpf_probe_read_user_str(e->path, MAX_PATH, ctx->filename);
	e->path_len = n > 0 ? (__u16)n : 0;
	bpf_ringbuf_submit(e, 0);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
