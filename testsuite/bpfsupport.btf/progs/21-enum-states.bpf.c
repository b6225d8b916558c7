/* Signed enums with negative values and unsigned enums (including a
 * 64-bit one) stored in map values and globals. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

enum verdict {
	V_ERROR = -2,
	V_DENY = -1,
	V_UNKNOWN = 0,
	V_ALLOW = 1,
};

enum event_mask {
	EM_READ = 1u << 0,
	EM_WRITE = 1u << 1,
	EM_EXEC = 1u << 2,
	EM_ALL = 0x80000000u | 7u,
};

enum big_id {
	BIG_NONE = 0,
	BIG_MARK = 0x100000000ULL,
};

struct decision {
	enum verdict verdict;
	enum event_mask mask;
	enum big_id id;
	__s32 last_errno;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 16);
	__type(key, __u32);
	__type(value, struct decision);
} decisions SEC(".maps");

enum verdict default_verdict = V_DENY;
volatile enum event_mask watched = EM_READ | EM_WRITE;

static __always_inline enum verdict decide(__u32 uid)
{
	if (uid == 0)
		return V_ALLOW;
	if (uid >= 65534)
		return V_ERROR;
	return default_verdict;
}

SEC("tp/syscalls/sys_enter_umask")
int on_umask(void *ctx)
{
	__u32 uid = (__u32)bpf_get_current_uid_gid();
	__u32 slot = uid & 15;
	struct decision *d = bpf_map_lookup_elem(&decisions, &slot);

	if (!d)
		return 0;
	d->verdict = decide(uid);
	d->mask = watched;
	if (d->verdict < V_UNKNOWN) {
		d->mask |= EM_EXEC;
		d->id = BIG_MARK;
		d->last_errno = d->verdict == V_ERROR ? -22 : -1;
	}
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
