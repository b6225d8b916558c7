/* bpf_loop with a callback and a context struct: scan a small table in
 * a map and sum entries above a threshold. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define TABLE_SIZE 64

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, TABLE_SIZE);
	__type(key, __u32);
	__type(value, __u64);
} table SEC(".maps");

struct scan_ctx {
	__u64 threshold;
	__u64 sum;
	__u32 matches;
	__u32 stop_at;
};

const volatile __u64 threshold = 10;
__u64 last_sum;
__u32 last_matches;

static int scan_one(__u32 index, struct scan_ctx *sc)
{
	__u32 key = index;
	__u64 *v;

	if (index >= sc->stop_at)
		return 1;	/* break */
	v = bpf_map_lookup_elem(&table, &key);
	if (v && *v > sc->threshold) {
		sc->sum += *v;
		sc->matches++;
	}
	return 0;
}

SEC("tp/syscalls/sys_enter_sync")
int on_sync(void *ctx)
{
	struct scan_ctx sc = {
		.threshold = threshold,
		.stop_at = TABLE_SIZE,
	};
	long n;

	n = bpf_loop(TABLE_SIZE, scan_one, &sc, 0);
	if (n < 0)
		return 0;
	last_sum = sc.sum;
	last_matches = sc.matches;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
