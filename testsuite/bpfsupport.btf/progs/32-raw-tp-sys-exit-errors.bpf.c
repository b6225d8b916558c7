/* Count failing syscalls per (syscall id, errno) with a raw_tp on
 * sys_exit, a per-CPU hash keyed by a struct and a subprogram. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

struct err_key {
	u32 syscall_id;
	s32 err;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 4096);
	__type(key, struct err_key);
	__type(value, u64);
} errors SEC(".maps");

const volatile pid_t only_tgid = 0;
u64 total_errors;

static __noinline int record_error(u32 id, s32 err)
{
	struct err_key key = { .syscall_id = id, .err = err };
	u64 one = 1, *cnt;

	cnt = bpf_map_lookup_elem(&errors, &key);
	if (cnt) {
		(*cnt)++;
		return 0;
	}
	return bpf_map_update_elem(&errors, &key, &one, BPF_NOEXIST);
}

SEC("raw_tp/sys_exit")
int BPF_PROG(on_sys_exit, struct pt_regs *regs, long ret)
{
	u32 id;

	if (ret >= 0 || ret < -4095)
		return 0;
	if (only_tgid && (bpf_get_current_pid_tgid() >> 32) != only_tgid)
		return 0;
	id = (u32)BPF_CORE_READ(regs, orig_ax);
	__sync_fetch_and_add(&total_errors, 1);
	record_error(id, (s32)ret);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
