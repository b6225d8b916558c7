/* Kconfig externs: LINUX_KERNEL_VERSION, a weak bool and a tristate,
 * used to pick behaviour at load time. */
#include <linux/bpf.h>
#include <stdbool.h>
#include <bpf/bpf_helpers.h>

extern int LINUX_KERNEL_VERSION __kconfig;
extern bool CONFIG_BPF_SYSCALL __kconfig __weak;
extern enum libbpf_tristate CONFIG_BPF_JIT_ALWAYS_ON __kconfig __weak;
extern int CONFIG_HZ __kconfig __weak;

struct kinfo {
	__u32 version;
	__u32 hz;
	bool has_syscall;
	bool jit_always_on;
};

struct kinfo info;
__u64 calls;

SEC("tp/syscalls/sys_enter_nanosleep")
int record_kconfig(void *ctx)
{
	info.version = LINUX_KERNEL_VERSION;
	info.has_syscall = CONFIG_BPF_SYSCALL;
	info.jit_always_on = CONFIG_BPF_JIT_ALWAYS_ON == TRI_YES;
	info.hz = CONFIG_HZ ? CONFIG_HZ : 100;
	if (LINUX_KERNEL_VERSION >= KERNEL_VERSION(5, 8, 0))
		__sync_fetch_and_add(&calls, 1);
	else
		calls++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
