/* XDP: parse Ethernet/IPv4 and count packets and bytes per IP protocol
 * in a per-CPU array; drop a configurable protocol. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/in.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

struct datarec {
	__u64 packets;
	__u64 bytes;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 256);
	__type(key, __u32);
	__type(value, struct datarec);
} proto_stats SEC(".maps");

const volatile __u8 drop_proto = 0;	/* 0: drop nothing */

static __always_inline int parse_ipv4(void *data, void *data_end, __u8 *proto)
{
	struct ethhdr *eth = data;
	struct iphdr *iph;

	if ((void *)(eth + 1) > data_end)
		return -1;
	if (eth->h_proto != bpf_htons(ETH_P_IP))
		return -1;
	iph = (void *)(eth + 1);
	if ((void *)(iph + 1) > data_end)
		return -1;
	*proto = iph->protocol;
	return 0;
}

SEC("xdp")
int xdp_proto_stats(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct datarec *rec;
	__u8 proto = 0;
	__u32 key;

	if (parse_ipv4(data, data_end, &proto) < 0)
		return XDP_PASS;
	key = proto;
	rec = bpf_map_lookup_elem(&proto_stats, &key);
	if (!rec)
		return XDP_ABORTED;
	rec->packets++;
	rec->bytes += data_end - data;
	if (drop_proto && proto == drop_proto)
		return XDP_DROP;
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
