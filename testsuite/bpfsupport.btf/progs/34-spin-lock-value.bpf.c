/* A struct bpf_spin_lock inside a BTF-described hash value: the kernel
 * needs the value's BTF to find the lock. Updated from cgroup_skb. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct sock_stats {
	struct bpf_spin_lock lock;
	__u64 packets;
	__u64 bytes;
	__u32 max_len;
	__u32 min_len;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, __u32);
	__type(value, struct sock_stats);
} stats SEC(".maps");

SEC("cgroup_skb/egress")
int egress_stats(struct __sk_buff *skb)
{
	__u32 key = skb->ifindex;
	struct sock_stats *s, init = { .min_len = ~0u };

	s = bpf_map_lookup_elem(&stats, &key);
	if (!s) {
		bpf_map_update_elem(&stats, &key, &init, BPF_NOEXIST);
		s = bpf_map_lookup_elem(&stats, &key);
		if (!s)
			return 1;
	}
	bpf_spin_lock(&s->lock);
	s->packets++;
	s->bytes += skb->len;
	if (skb->len > s->max_len)
		s->max_len = skb->len;
	if (skb->len < s->min_len)
		s->min_len = skb->len;
	bpf_spin_unlock(&s->lock);
	return 1;
}

char LICENSE[] SEC("license") = "GPL";
