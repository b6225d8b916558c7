/* Unions, nested anonymous structs/unions in map key/value (tc, v4/v6). */
#include <linux/bpf.h>
#include <linux/pkt_cls.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

struct addr_key {
	__u16 family;
	__u16 pad;
	union {
		__u32 v4;
		__u32 v6[4];
		__u8 bytes[16];
	};
};

struct addr_val {
	union {
		struct {
			__u32 packets;
			__u32 bytes;
		};
		__u64 raw;
	} ctr;
	struct {
		union { __u8 hop_limit; __u8 ttl; };
		__u8 flags;
	};
};

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 2048);
	__type(key, struct addr_key);
	__type(value, struct addr_val);
} by_addr SEC(".maps");

SEC("classifier")
int count_by_source(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data;
	void *data_end = (void *)(long)skb->data_end;
	struct ethhdr *eth = data;
	struct addr_key key = {};
	struct addr_val *v, nv = {};

	if ((void *)(eth + 1) > data_end)
		return TC_ACT_OK;
	if (eth->h_proto == bpf_htons(ETH_P_IP)) {
		struct iphdr *ip = (void *)(eth + 1);

		if ((void *)(ip + 1) > data_end)
			return TC_ACT_OK;
		key.family = 4;
		key.v4 = ip->saddr;
		nv.ttl = ip->ttl;
	} else if (eth->h_proto == bpf_htons(ETH_P_IPV6)) {
		struct ipv6hdr *ip6 = (void *)(eth + 1);

		if ((void *)(ip6 + 1) > data_end)
			return TC_ACT_OK;
		key.family = 6;
		__builtin_memcpy(key.bytes, &ip6->saddr, 16);
		nv.hop_limit = ip6->hop_limit;
	} else
		return TC_ACT_OK;
	v = bpf_map_lookup_elem(&by_addr, &key);
	if (!v) {
		nv.ctr.packets = 1, nv.ctr.bytes = skb->len;
		bpf_map_update_elem(&by_addr, &key, &nv, BPF_ANY);
		return TC_ACT_OK;
	}
	v->ctr.raw += ((__u64)skb->len << 32) | 1;
	v->flags |= 1;
	return TC_ACT_OK;
}

char LICENSE[] SEC("license") = "GPL";
