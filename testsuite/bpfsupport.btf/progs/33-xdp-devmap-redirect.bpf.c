/* XDP forwarding through a DEVMAP and a CPUMAP chosen by a hash of the
 * source MAC; ifindex egress table filled by user space. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <stdbool.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_DEVMAP);
	__uint(max_entries, 8);
	__type(key, __u32);
	__type(value, struct bpf_devmap_val);
} tx_ports SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_CPUMAP);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, struct bpf_cpumap_val);
} cpus SEC(".maps");

const volatile __u32 nr_ports = 2;
const volatile __u32 nr_cpus = 2;
const volatile bool use_cpumap = false;

static __always_inline __u32 mac_hash(const unsigned char *mac)
{
	return mac[0] ^ mac[1] ^ mac[2] ^ mac[3] ^ mac[4] ^ mac[5];
}

SEC("xdp")
int xdp_forward(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	__u32 h;

	if ((void *)(eth + 1) > data_end)
		return XDP_DROP;
	h = mac_hash(eth->h_source);
	if (use_cpumap && nr_cpus)
		return bpf_redirect_map(&cpus, h % nr_cpus, XDP_PASS);
	if (!nr_ports)
		return XDP_PASS;
	return bpf_redirect_map(&tx_ports, h % nr_ports, XDP_PASS);
}

SEC("xdp/devmap")
int xdp_egress_mark(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;

	if ((void *)(eth + 1) > data_end)
		return XDP_DROP;
	eth->h_source[5] ^= 1;	/* mark as forwarded */
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
