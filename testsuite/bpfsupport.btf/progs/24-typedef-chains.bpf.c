/* Typedef chains (typedef of typedef of struct/array/pointer/const)
 * used for map keys, values and globals. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

typedef __u32 u32_t;
typedef u32_t pid_type;
typedef pid_type tgid_type;
typedef const tgid_type ctgid_type;
typedef __u64 counter_t;
typedef counter_t hits_t;
typedef volatile hits_t vhits_t;
typedef char name_t[16];
typedef name_t comm_name_t;

typedef struct usage {
	hits_t calls;
	counter_t last_ns;
	comm_name_t comm;
} usage_t;
typedef usage_t usage_record;
typedef usage_record *usage_ptr;

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, tgid_type);
	__type(value, usage_record);
} usage_map SEC(".maps");

vhits_t total_calls;
const volatile ctgid_type filter_tgid = 0;

static __noinline int touch(usage_ptr u)
{
	if (!u)
		return 0;
	u->calls++;
	u->last_ns = bpf_ktime_get_ns();
	return 1;
}

SEC("tp/syscalls/sys_enter_getgid")
int on_getgid(void *ctx)
{
	tgid_type tgid = bpf_get_current_pid_tgid() >> 32;
	usage_record fresh = {};
	usage_ptr u;

	if (filter_tgid && tgid != filter_tgid)
		return 0;
	total_calls++;
	u = bpf_map_lookup_elem(&usage_map, &tgid);
	if (!touch(u)) {
		bpf_get_current_comm(fresh.comm, sizeof(comm_name_t));
		fresh.calls = 1;
		bpf_map_update_elem(&usage_map, &tgid, &fresh, BPF_NOEXIST);
	}
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
