/* Custom global data sections: SEC(".data.counters") and
 * SEC(".rodata.cfg") beside the default .data/.bss/.rodata. */
#include <linux/bpf.h>
#include <stdbool.h>
#include <bpf/bpf_helpers.h>

struct cfg {
	__u32 sample_every;
	bool verbose;
	char tag[8];
};

const volatile struct cfg config SEC(".rodata.cfg") = {
	.sample_every = 4,
	.verbose = false,
	.tag = "custom",
};
const volatile __u32 cfg_version SEC(".rodata.cfg") = 2;

__u64 hits SEC(".data.counters") = 0;
__u64 sampled SEC(".data.counters") = 0;
static __u64 skipped SEC(".data.counters");
__u32 per_cpu_hint[8] SEC(".data.counters") = { 1, 1, 1, 1, 1, 1, 1, 1 };

__u64 default_data = 42;	/* .data */
__u64 default_bss;		/* .bss */
const char banner[] = "custom-sections";	/* .rodata */

SEC("tp/syscalls/sys_enter_getcwd")
int on_getcwd(void *ctx)
{
	__u32 cpu = bpf_get_smp_processor_id() & 7;
	__u64 n = __sync_fetch_and_add(&hits, 1);

	per_cpu_hint[cpu]++;
	if (config.sample_every && n % config.sample_every) {
		skipped++;
		return 0;
	}
	sampled++;
	default_bss += default_data;
	if (config.verbose)
		bpf_printk("%s v%u sample %llu", banner, cfg_version, n);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
