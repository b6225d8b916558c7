/* Map-in-map: an array of maps and a hash of maps, with BTF-defined
 * inner map templates and a static initialiser. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct inner_array {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} inner_a SEC(".maps"), inner_b SEC(".maps");

struct inner_hash {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 128);
	__type(key, __u32);
	__type(value, __u32);
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 2);
	__type(key, __u32);
	__array(values, struct inner_array);
} outer_arr SEC(".maps") = {
	.values = { &inner_a, &inner_b },
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH_OF_MAPS);
	__uint(max_entries, 16);
	__type(key, __u32);
	__array(values, struct inner_hash);
} outer_hash SEC(".maps");

__u32 active_slot = 0;

SEC("tp/syscalls/sys_enter_getpid")
int count_getpid(void *ctx)
{
	__u32 pid = bpf_get_current_pid_tgid() >> 32;
	__u32 slot = active_slot & 1, idx = 0, one = 1;
	__u64 *cnt;
	__u32 *seen;
	void *inner;

	inner = bpf_map_lookup_elem(&outer_arr, &slot);
	if (inner) {
		cnt = bpf_map_lookup_elem(inner, &idx);
		if (cnt)
			__sync_fetch_and_add(cnt, 1);
	}
	inner = bpf_map_lookup_elem(&outer_hash, &pid);
	if (!inner)
		return 0;
	seen = bpf_map_lookup_elem(inner, &idx);
	if (seen)
		(*seen)++;
	else
		bpf_map_update_elem(inner, &idx, &one, BPF_ANY);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
