/* XDP dispatcher using tail calls through a statically initialised
 * BPF_MAP_TYPE_PROG_ARRAY. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/in.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

enum { SLOT_IPV4 = 0, SLOT_TCP = 1, SLOT_OTHER = 2, NR_SLOTS };

__u64 handled[NR_SLOTS];

SEC("xdp")
int xdp_ipv4(struct xdp_md *ctx);
SEC("xdp")
int xdp_tcp(struct xdp_md *ctx);

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, NR_SLOTS);
	__uint(key_size, sizeof(__u32));
	__array(values, int (void *));
} jmp_table SEC(".maps") = {
	.values = {
		[SLOT_IPV4] = (void *)&xdp_ipv4,
		[SLOT_TCP] = (void *)&xdp_tcp,
	},
};

SEC("xdp")
int xdp_tcp(struct xdp_md *ctx)
{
	__sync_fetch_and_add(&handled[SLOT_TCP], 1);
	return XDP_PASS;
}

SEC("xdp")
int xdp_ipv4(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct iphdr *iph = data + sizeof(struct ethhdr);

	__sync_fetch_and_add(&handled[SLOT_IPV4], 1);
	if ((void *)(iph + 1) > data_end)
		return XDP_DROP;
	if (iph->protocol == IPPROTO_TCP)
		bpf_tail_call(ctx, &jmp_table, SLOT_TCP);
	return XDP_PASS;
}

SEC("xdp")
int xdp_dispatch(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;

	if ((void *)(eth + 1) > data_end)
		return XDP_DROP;
	if (eth->h_proto == bpf_htons(ETH_P_IP))
		bpf_tail_call(ctx, &jmp_table, SLOT_IPV4);
	__sync_fetch_and_add(&handled[SLOT_OTHER], 1);
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
