/* fentry/fexit on do_unlinkat, reading the filename through BTF. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct unlink_stat {
	u64 calls;
	u64 errors;
};

struct unlink_stat stats = {};
char last_name[64];

SEC("fentry/do_unlinkat")
int BPF_PROG(unlink_enter, int dfd, struct filename *name)
{
	const char *p = name->name;

	__sync_fetch_and_add(&stats.calls, 1);
	bpf_probe_read_kernel_str(last_name, sizeof(last_name), p);
	return 0;
}

SEC("fexit/do_unlinkat")
int BPF_PROG(unlink_exit, int dfd, struct filename *name, long ret)
{
	if (ret < 0)
		__sync_fetch_and_add(&stats.errors, 1);
	bpf_printk("unlinkat(%d) -> %ld", dfd, ret);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
