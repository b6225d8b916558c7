/* SEC("syscall") program run through BPF_PROG_TEST_RUN to fill a map
 * from a context struct passed by user space. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct setup_args {
	__u32 first_key;
	__u32 count;
	__u64 base_value;
	int ret;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u64);
} table SEC(".maps");

int runs = 0;
__u32 last_count;

SEC("syscall")
int fill_table(struct setup_args *args)
{
	__u32 i, n = args->count;

	if (n > 64)
		n = 64;
	for (i = 0; i < n; i++) {
		__u32 key = args->first_key + i;
		__u64 val = args->base_value + i * 10;

		if (bpf_map_update_elem(&table, &key, &val, BPF_ANY)) {
			args->ret = -1;
			return 1;
		}
	}
	runs++;
	last_count = n;
	args->ret = 0;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
