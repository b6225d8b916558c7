/* bpfs-flags: -D__TARGET_ARCH_x86 */
/* Time do_unlinkat with a kprobe/kretprobe pair; report slow unlinks. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

const volatile __u64 min_duration_ns = 0;
const volatile pid_t target_tgid = 0;

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, u32);
	__type(value, u64);
} start SEC(".maps");

__u64 slow_unlinks = 0;
__u64 total_unlinks = 0;

SEC("kprobe/do_unlinkat")
int BPF_KPROBE(unlink_entry, int dfd, struct filename *name)
{
	u64 id = bpf_get_current_pid_tgid();
	u32 tid = (u32)id;
	u64 ts;

	if (target_tgid && (id >> 32) != target_tgid)
		return 0;
	ts = bpf_ktime_get_ns();
	bpf_map_update_elem(&start, &tid, &ts, BPF_ANY);
	return 0;
}

SEC("kretprobe/do_unlinkat")
int BPF_KRETPROBE(unlink_exit, long ret)
{
	u32 tid = (u32)bpf_get_current_pid_tgid();
	u64 *tsp, delta;

	tsp = bpf_map_lookup_elem(&start, &tid);
	if (!tsp)
		return 0;
	delta = bpf_ktime_get_ns() - *tsp;
	bpf_map_delete_elem(&start, &tid);
	__sync_fetch_and_add(&total_unlinks, 1);
	if (delta >= min_duration_ns) {
		__sync_fetch_and_add(&slow_unlinks, 1);
		bpf_printk("unlink tid %u ret %ld took %llu ns", tid, ret, delta);
	}
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
