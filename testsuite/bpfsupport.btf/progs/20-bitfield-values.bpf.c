/* Bitfields in a struct used as a hash map value: read, modified and
 * written back from a tracepoint. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct proc_flags {
	unsigned int seen:1;
	unsigned int privileged:1;
	unsigned int state:3;
	unsigned int nice:5;
	signed int delta:6;
	unsigned int :0;
	unsigned int generation:16;
	unsigned short counter:12;
	__u8 tag;
	__u64 wide:40;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, struct proc_flags);
} flags SEC(".maps");

struct proc_flags defaults = { .state = 2, .nice = 20, .delta = -3, .tag = 0x5a };

SEC("tp/syscalls/sys_enter_sched_yield")
int track_yield(void *ctx)
{
	__u64 id = bpf_get_current_pid_tgid();
	__u32 pid = id >> 32;
	struct proc_flags *f, nf;

	f = bpf_map_lookup_elem(&flags, &pid);
	if (!f) {
		nf = defaults;
		nf.seen = 1;
		nf.privileged = (bpf_get_current_uid_gid() & 0xffffffff) == 0;
		nf.wide = id & 0xffffffffffULL;
		bpf_map_update_elem(&flags, &pid, &nf, BPF_NOEXIST);
		return 0;
	}
	f->counter++;
	f->state = (f->state + 1) & 7;
	if (f->delta > -32)
		f->delta--;
	if (f->counter == 0)
		f->generation++;
	f->wide += 1;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
