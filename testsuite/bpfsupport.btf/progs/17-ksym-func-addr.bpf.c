/* bpfs-flags: -D__TARGET_ARCH_x86 */
/* Typeless __ksym externs: one kprobe program attached to vfs_read and
 * vfs_write tells them apart by comparing bpf_get_func_ip() with the
 * kernel symbols' addresses resolved by libbpf from kallsyms. */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

extern const void vfs_read __ksym;
extern const void vfs_write __ksym;

enum io_kind { IO_READ, IO_WRITE, IO_UNKNOWN, IO_KINDS };

struct io_sample {
	u64 calls;
	u64 bytes;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, IO_KINDS);
	__type(key, u32);
	__type(value, struct io_sample);
} io SEC(".maps");

SEC("kprobe")
int BPF_KPROBE(vfs_io, struct file *file, char *buf, size_t count)
{
	u64 ip = bpf_get_func_ip(ctx);
	u32 kind = IO_UNKNOWN;
	struct io_sample *s;

	if (ip == (u64)&vfs_read)
		kind = IO_READ;
	else if (ip == (u64)&vfs_write)
		kind = IO_WRITE;
	s = bpf_map_lookup_elem(&io, &kind);
	if (!s)
		return 0;
	s->calls++;
	s->bytes += count;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
