/* cgroup/connect4 sock_addr program: redirect connections for one
 * service address and block a port list kept in a hash set. */
#include <linux/bpf.h>
#include <linux/in.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

struct svc_key {
	__u32 addr;	/* network order */
	__u16 port;	/* network order */
	__u16 pad;
};

struct backend {
	__u32 addr;
	__u16 port;
	__u16 weight;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, struct svc_key);
	__type(value, struct backend);
} services SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u16);
	__type(value, __u8);
} blocked_ports SEC(".maps");

__u64 redirected, refused;

SEC("cgroup/connect4")
int connect4(struct bpf_sock_addr *ctx)
{
	struct svc_key key = {};
	struct backend *be;
	__u16 port;

	if (ctx->protocol != IPPROTO_TCP && ctx->protocol != IPPROTO_UDP)
		return 1;
	port = bpf_ntohs(ctx->user_port);
	if (bpf_map_lookup_elem(&blocked_ports, &port)) {
		refused++;
		return 0;
	}
	key.addr = ctx->user_ip4;
	key.port = (__u16)ctx->user_port;
	be = bpf_map_lookup_elem(&services, &key);
	if (!be)
		return 1;
	ctx->user_ip4 = be->addr;
	ctx->user_port = be->port;
	redirected++;
	return 1;
}

char LICENSE[] SEC("license") = "GPL";
