// SPDX-License-Identifier: GPL-2.0
/* An XDP program as libbpf-bootstrap's examples write them: a hash map of
   counters, a map of maps and a program array initialised in .maps, global
   and static subprograms, a tail call, .bss counters and a .rodata
   setting the loader fills in through the skeleton.  */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u16);
	__type(value, __u64);
} proto_count SEC(".maps");

struct inner {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} inner_a SEC(".maps"), inner_b SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 2);
	__type(key, __u32);
	__array(values, struct inner);
} outer SEC(".maps") = {
	.values = { [0] = &inner_a, [1] = &inner_b },
};

int tail_target(struct xdp_md *ctx);

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__array(values, int (void *));
} jump SEC(".maps") = {
	.values = { [1] = (void *) &tail_target },
};

const volatile __u32 drop_proto = 0;	/* set by the loader */
__u64 packets = 0, bytes = 0, tail_calls = 0;
__u32 last_len[4] = {};

static __attribute__((noinline)) __u64 weigh(__u64 len, __u32 salt)
{
	return len * 3 + salt;
}

__attribute__((noinline)) int classify(__u16 proto, __u32 len)
{
	if (proto == ETH_P_IP)
		return 1;
	if (proto == ETH_P_IPV6)
		return 2;
	return len > 100 ? 3 : 0;
}

SEC("xdp")
int tail_target(struct xdp_md *ctx)
{
	__sync_fetch_and_add(&tail_calls, 1);
	return XDP_TX;
}

SEC("xdp")
int count_packets(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	__u32 len = end - data, key;
	__u64 one = 1, *val, *slot;
	__u16 proto;
	void *inner;
	int class;

	if ((void *)(eth + 1) > end)
		return XDP_ABORTED;
	proto = bpf_ntohs(eth->h_proto);
	val = bpf_map_lookup_elem(&proto_count, &proto);
	if (val)
		__sync_fetch_and_add(val, 1);
	else
		bpf_map_update_elem(&proto_count, &proto, &one, BPF_ANY);

	class = classify(proto, len);
	key = class & 1;
	inner = bpf_map_lookup_elem(&outer, &key);
	if (inner) {
		key = class;
		slot = bpf_map_lookup_elem(inner, &key);
		if (slot)
			*slot += weigh(len, class);
	}
	__sync_fetch_and_add(&packets, 1);
	__sync_fetch_and_add(&bytes, len);
	last_len[class & 3] = len;

	if (proto == drop_proto)
		return XDP_DROP;
	if (class == 3)
		bpf_tail_call(ctx, &jump, 1);
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
