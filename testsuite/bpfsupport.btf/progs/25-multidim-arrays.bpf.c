/* Multi-dimensional arrays: a 2-D global histogram, a 3-D array inside a
 * map value and a 2-D const lookup table. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define NR_CLASSES 4
#define NR_SLOTS 8

struct latency_grid {
	__u32 cells[2][NR_CLASSES][NR_SLOTS];
	__u64 totals[2];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct latency_grid);
} grid SEC(".maps");

__u64 hist2d[NR_CLASSES][NR_SLOTS];

const __u8 slot_of_nibble[2][8] = {
	{ 0, 1, 2, 2, 3, 3, 3, 3 },
	{ 4, 5, 6, 6, 7, 7, 7, 7 },
};

static __always_inline __u32 bucket(__u64 v)
{
	__u32 hi = (v >> 3) & 1;

	return slot_of_nibble[hi][v & 7];
}

SEC("tp/syscalls/sys_enter_getrusage")
int on_getrusage(void *ctx)
{
	__u64 t = bpf_ktime_get_ns();
	__u32 cls = (bpf_get_current_pid_tgid() >> 32) % NR_CLASSES;
	__u32 slot = bucket(t >> 10), zero = 0, dir = t & 1;
	struct latency_grid *g;

	if (cls >= NR_CLASSES || slot >= NR_SLOTS)
		return 0;
	hist2d[cls][slot]++;
	g = bpf_map_lookup_elem(&grid, &zero);
	if (!g)
		return 0;
	g->cells[dir][cls][slot]++;
	g->totals[dir]++;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
