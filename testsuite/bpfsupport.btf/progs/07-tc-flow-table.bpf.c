/* tc classifier: account IPv4 flows in a hash keyed by a 5-tuple struct. */
#include <linux/bpf.h>
#include <linux/pkt_cls.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/tcp.h>
#include <linux/in.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

struct flow_key {
	__be32 saddr;
	__be32 daddr;
	__be16 sport;
	__be16 dport;
	__u8 proto;
	__u8 pad[3];
};

struct flow_stats {
	__u64 packets;
	__u64 bytes;
	__u64 first_seen_ns;
	__u64 last_seen_ns;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16384);
	__type(key, struct flow_key);
	__type(value, struct flow_stats);
} flows SEC(".maps");

SEC("tc")
int tc_flow_account(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data;
	void *data_end = (void *)(long)skb->data_end;
	struct ethhdr *eth = data;
	struct flow_key key = {};
	struct flow_stats *st, fresh = {};
	struct iphdr *iph;
	__u64 now = bpf_ktime_get_ns();

	if ((void *)(eth + 1) > data_end || eth->h_proto != bpf_htons(ETH_P_IP))
		return TC_ACT_OK;
	iph = (void *)(eth + 1);
	if ((void *)(iph + 1) > data_end)
		return TC_ACT_OK;
	key.saddr = iph->saddr;
	key.daddr = iph->daddr;
	key.proto = iph->protocol;
	if (iph->protocol == IPPROTO_TCP || iph->protocol == IPPROTO_UDP) {
		__be16 *ports = (void *)iph + iph->ihl * 4;

		if ((void *)(ports + 2) > data_end)
			return TC_ACT_OK;
		key.sport = ports[0];
		key.dport = ports[1];
	}
	st = bpf_map_lookup_elem(&flows, &key);
	if (!st) {
		fresh.first_seen_ns = now;
		fresh.last_seen_ns = now;
		fresh.packets = 1;
		fresh.bytes = skb->len;
		bpf_map_update_elem(&flows, &key, &fresh, BPF_NOEXIST);
		return TC_ACT_OK;
	}
	__sync_fetch_and_add(&st->packets, 1);
	__sync_fetch_and_add(&st->bytes, skb->len);
	st->last_seen_ns = now;
	return TC_ACT_OK;
}

char LICENSE[] SEC("license") = "GPL";
