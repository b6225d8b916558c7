// SPDX-License-Identifier: GPL-2.0
/* A syscall program run from user space (BPF_PROG_TEST_RUN): CO-RE facts
   about kernel bitfields through the compat header, in both forms of the
   field macros, bitfields read from a buffer laid out as the running
   kernel's sk_buff and sock, an array field read with BPF_CORE_READ, the
   program's own log2, an unrolled loop and a comparison of distinct
   pointer types; all built with -Wall -Werror.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include "compat.bpf.h"
#include "bits.bpf.h"

__u64 out[24];
unsigned char fake[1024] = { 1 };	/* .data: `out' alone is in .bss */

SEC("syscall")
int fields(void *ctx)
{
	struct sk_buff *skb = (void *)fake;
	struct sock *sk = (void *)fake;
	struct sock___old *old = (void *)fake;
	const char *cb;
	__u64 sum = 0;
	int i;

#pragma unroll
	for (i = 0; i < 1024; i += 4)
		*(__u32 *)&fake[i & 1023] = i * 2654435761u;

	out[0] = sock_protocol_is_bitfield();
	out[1] = bpf_core_field_exists(old->sk_type);
	out[2] = bpf_core_field_exists(struct sock, sk_no_check_tx);
	out[3] = bpf_core_field_offset(struct sock, sk_no_check_tx);
	out[4] = bpf_core_field_size(sk->sk_no_check_tx);
	out[5] = bpf_core_field_exists(struct sk_buff, fclone);
	out[6] = bpf_core_field_offset(skb->fclone);
	out[7] = __builtin_preserve_field_info(skb->fclone, BPF_FIELD_LSHIFT_U64);
	out[8] = __builtin_preserve_field_info(skb->fclone, BPF_FIELD_RSHIFT_U64);
	out[9] = BPF_CORE_READ_BITFIELD_PROBED(skb, fclone);
	out[10] = BPF_CORE_READ_BITFIELD(skb, cloned);
	out[11] = BPF_CORE_READ_BITFIELD_PROBED(sk, sk_no_check_tx);
	out[12] = BPF_CORE_READ(sk, sk_protocol);
	out[13] = BPF_CORE_READ(skb, len);
	cb = BPF_CORE_READ(skb, cb);
	out[14] = cb[0] | cb[47] << 8;
	out[15] = log2(out[13] | 1) << 8 | log2l(out[12] << 40);
	/* A comparison of distinct pointer types (bcc's tools compare
	   pointers of two struct types the same way).  */
	out[16] = (void *)skb == (void *)sk && skb == (struct sk_buff *)old;
#pragma unroll
	for (i = 0; i < 8; i++)
		sum += fake[i * 3] ^ i;
	out[17] = sum;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
