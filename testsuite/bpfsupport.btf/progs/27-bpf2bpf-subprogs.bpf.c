/* BPF-to-BPF calls: static __noinline subprograms, a global __noinline
 * function (verified on its own) and __always_inline helpers, shared by
 * two XDP programs. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} counters SEC(".maps");

static __always_inline int frame_len(struct xdp_md *ctx)
{
	return ctx->data_end - ctx->data;
}

static __noinline void bump(__u32 idx, __u64 by)
{
	__u64 *c = bpf_map_lookup_elem(&counters, &idx);

	if (c)
		__sync_fetch_and_add(c, by);
}

static __noinline int classify(__u16 proto)
{
	switch (proto) {
	case ETH_P_IP:
		return 1;
	case ETH_P_IPV6:
		return 2;
	case ETH_P_ARP:
		return 3;
	}
	return 0;
}

__noinline int global_eth_proto(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;

	if ((void *)(eth + 1) > data_end)
		return -1;
	return bpf_ntohs(eth->h_proto);
}

SEC("xdp")
int xdp_count(struct xdp_md *ctx)
{
	int proto = global_eth_proto(ctx);

	if (proto < 0)
		return XDP_DROP;
	bump(classify(proto), 1);
	return XDP_PASS;
}

SEC("xdp")
int xdp_count_bytes(struct xdp_md *ctx)
{
	int proto = global_eth_proto(ctx);

	if (proto < 0)
		return XDP_PASS;
	bump(classify(proto), frame_len(ctx));
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
