/* bpfs-flags: -D__TARGET_ARCH_x86 */
/* Log2 histogram of vfs_read latencies (biolatency style), kprobe+kretprobe. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#define MAX_SLOTS 26

struct hist {
	u32 slots[MAX_SLOTS];
	char comm[TASK_COMM_LEN];
};

struct start_rec { u64 ts; size_t count; };

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 10240);
	__type(key, u32);
	__type(value, struct start_rec);
} starts SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, u32);
	__type(value, struct hist);
} hists SEC(".maps");

static struct hist initial_hist;
const volatile bool per_process = true;

static __always_inline u64 log2l(u64 v)
{
	u64 r = 0;

	for (; v > 1 && r < MAX_SLOTS - 1; r++)
		v >>= 1;
	return r;
}

SEC("kprobe/vfs_read")
int BPF_KPROBE(read_entry, struct file *file, char *buf, size_t count)
{
	u32 tid = (u32)bpf_get_current_pid_tgid();
	struct start_rec rec = { .ts = bpf_ktime_get_ns(), .count = count };

	bpf_map_update_elem(&starts, &tid, &rec, BPF_ANY);
	return 0;
}

SEC("kretprobe/vfs_read")
int BPF_KRETPROBE(read_exit, ssize_t ret)
{
	u64 id = bpf_get_current_pid_tgid();
	u32 tid = (u32)id, key = per_process ? id >> 32 : 0;
	struct start_rec *rec;
	struct hist *h;
	u64 slot;

	rec = bpf_map_lookup_elem(&starts, &tid);
	if (!rec)
		return 0;
	h = bpf_map_lookup_elem(&hists, &key);
	if (!h) {
		bpf_map_update_elem(&hists, &key, &initial_hist, BPF_NOEXIST);
		h = bpf_map_lookup_elem(&hists, &key);
		if (!h)
			goto out;
		bpf_get_current_comm(h->comm, sizeof(h->comm));
	}
	slot = log2l((bpf_ktime_get_ns() - rec->ts) / 1000);
	if (slot < MAX_SLOTS)
		__sync_fetch_and_add(&h->slots[slot], 1);
out:
	bpf_map_delete_elem(&starts, &tid);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
