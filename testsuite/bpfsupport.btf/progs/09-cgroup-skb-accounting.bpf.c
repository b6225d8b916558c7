/* cgroup_skb ingress/egress accounting: two programs in one file sharing
 * an array map and a global struct in .bss. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

enum direction { DIR_INGRESS = 0, DIR_EGRESS = 1, DIR_MAX };

struct traffic {
	__u64 packets;
	__u64 bytes;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, DIR_MAX);
	__type(key, __u32);
	__type(value, struct traffic);
} cgroup_traffic SEC(".maps");

struct {
	__u64 big_packets;
	__u32 max_len;
} summary;

const volatile __u32 egress_limit = 0;	/* bytes per packet, 0 = no limit */

static __noinline int account(struct __sk_buff *skb, __u32 dir)
{
	struct traffic *t = bpf_map_lookup_elem(&cgroup_traffic, &dir);

	if (!t)
		return 0;
	__sync_fetch_and_add(&t->packets, 1);
	__sync_fetch_and_add(&t->bytes, skb->len);
	if (skb->len > summary.max_len)
		summary.max_len = skb->len;
	if (skb->len > 1400)
		summary.big_packets++;
	return 1;
}

SEC("cgroup_skb/ingress")
int cg_ingress(struct __sk_buff *skb)
{
	account(skb, DIR_INGRESS);
	return 1;
}

SEC("cgroup_skb/egress")
int cg_egress(struct __sk_buff *skb)
{
	account(skb, DIR_EGRESS);
	if (egress_limit && skb->len > egress_limit)
		return 0;	/* drop */
	return 1;
}

char LICENSE[] SEC("license") = "GPL";
