/* The program of the meson and cmake recipes (build-systems.exp): a
   checksum of the packet's first 32 bytes and its length, the same with
   every compiler.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("xdp") int checksum(struct xdp_md *ctx)
{
	unsigned char *p = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	__u32 sum = 0;

	if (p + 32 > (unsigned char *)end)
		return 1;
	for (int i = 0; i < 32; i++)
		sum = sum * 31 + p[i];
	return (sum ^ (__u32)((long)end - (long)p)) & 0x7fffffff;
}
char LICENSE[] SEC("license") = "GPL";
