/* Socket filter: keep only UDP packets to a configured port, counting
 * what it sees with skb load helpers. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/udp.h>
#include <linux/in.h>
#include <stddef.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

const volatile __u16 wanted_port = 53;

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, __u64);
} verdicts SEC(".maps");

static __always_inline void count(__u32 idx)
{
	__u64 *v = bpf_map_lookup_elem(&verdicts, &idx);

	if (v)
		__sync_fetch_and_add(v, 1);
}

SEC("socket")
int udp_port_filter(struct __sk_buff *skb)
{
	__u8 proto, ihl;
	__u16 dport;
	__u32 off;

	if (skb->protocol != bpf_htons(ETH_P_IP))
		goto drop;
	if (bpf_skb_load_bytes(skb, ETH_HLEN + offsetof(struct iphdr, protocol), &proto, 1) < 0)
		goto drop;
	if (proto != IPPROTO_UDP)
		goto drop;
	if (bpf_skb_load_bytes(skb, ETH_HLEN, &ihl, 1) < 0)
		goto drop;
	off = ETH_HLEN + (ihl & 0x0f) * 4 + offsetof(struct udphdr, dest);
	if (bpf_skb_load_bytes(skb, off, &dport, sizeof(dport)) < 0)
		goto drop;
	if (bpf_ntohs(dport) != wanted_port)
		goto drop;
	count(1);
	return skb->len;
drop:
	count(0);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
