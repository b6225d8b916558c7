/* Function pointers inside struct types: an ops table that exists only
 * as a type (like kernel ops structs), referenced from a map value
 * layout and a typedef'd callback signature. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

typedef int (*filter_fn)(__u32 pid, __u64 arg);
typedef void (*notify_fn)(const char *msg, int len);

struct tracer_ops {
	const char *name;
	filter_fn filter;
	notify_fn notify;
	int (*init)(void *priv, unsigned long flags);
	void (*exit)(void *priv);
	long (*ioctl)(void *priv, unsigned int cmd, unsigned long arg);
};

struct tracer_slot {
	__u32 id;
	__u32 enabled;
	union {
		struct tracer_ops *ops;	/* kernel-side view */
		__u64 ops_cookie;	/* what BPF stores */
	};
	__u64 hits;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 8);
	__type(key, __u32);
	__type(value, struct tracer_slot);
} tracers SEC(".maps");

const volatile __u32 ops_size = sizeof(struct tracer_ops);

SEC("tp/syscalls/sys_enter_getuid")
int on_getuid(void *ctx)
{
	__u32 i;

	for (i = 0; i < 8; i++) {
		__u32 key = i;
		struct tracer_slot *s = bpf_map_lookup_elem(&tracers, &key);

		if (!s || !s->enabled)
			continue;
		s->hits++;
		if (!s->ops_cookie)
			s->ops_cookie = ((__u64)ops_size << 32) | i;
	}
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
