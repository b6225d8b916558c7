/* Per-source rate tracking in an LRU hash plus per-CPU hash and per-CPU
 * LRU hash, from a socket filter. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <stddef.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

struct rate {
	__u64 tokens;
	__u64 last_ns;
};

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 1024);
	__type(key, __u32);
	__type(value, struct rate);
} buckets SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 256);
	__type(key, __u32);
	__type(value, __u64);
} per_proto SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_LRU_PERCPU_HASH);
	__uint(max_entries, 1024);
	__type(key, __u32);
	__type(value, __u64);
} per_src_bytes SEC(".maps");

const volatile __u64 refill_ns = 1000000;
const volatile __u64 burst = 16;

SEC("socket")
int rate_limit(struct __sk_buff *skb)
{
	__u32 saddr, proto = skb->protocol;
	__u64 now = bpf_ktime_get_ns(), one = 1, *v;
	struct rate *r, init = { .tokens = burst, .last_ns = now };

	v = bpf_map_lookup_elem(&per_proto, &proto);
	if (v)
		*v += 1;
	else
		bpf_map_update_elem(&per_proto, &proto, &one, BPF_ANY);
	if (skb->protocol != bpf_htons(ETH_P_IP))
		return skb->len;
	if (bpf_skb_load_bytes(skb, ETH_HLEN + offsetof(struct iphdr, saddr), &saddr, 4))
		return 0;
	v = bpf_map_lookup_elem(&per_src_bytes, &saddr);
	if (v)
		*v += skb->len;
	r = bpf_map_lookup_elem(&buckets, &saddr);
	if (!r) {
		bpf_map_update_elem(&buckets, &saddr, &init, BPF_ANY);
		return skb->len;
	}
	if (now - r->last_ns > refill_ns) {
		r->tokens = burst;
		r->last_ns = now;
	}
	if (!r->tokens)
		return 0;
	r->tokens--;
	return skb->len;
}

char LICENSE[] SEC("license") = "GPL";
