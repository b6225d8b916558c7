/* Kernel fields that changed shape, asked about with CO-RE, as bcc's
   libbpf-tools/core_fixes.bpf.h does: before 5.6 sk_protocol and sk_type
   were bitfields of struct sock; the flags of sk_buff are bits.  Only the
   fields used are declared (no vmlinux.h): CO-RE finds them by name in the
   running kernel.  */
#ifndef COMPAT_BPF_H
#define COMPAT_BPF_H

struct sock___old {
	unsigned int sk_padding : 1, sk_kern_sock : 1, sk_no_check_tx : 1,
		     sk_no_check_rx : 1, sk_userlocks : 4, sk_protocol : 8,
		     sk_type : 16;
} __attribute__((preserve_access_index));

struct sock {
	unsigned short sk_protocol;
	unsigned short sk_type;
	unsigned char sk_kern_sock : 1, sk_no_check_tx : 1;
} __attribute__((preserve_access_index));

struct sk_buff {
	char cb[48];
	unsigned int len;
	unsigned char cloned : 1, nohdr : 1, fclone : 2;
} __attribute__((preserve_access_index));

/* 1 when the running kernel's struct sock has the old bitfield layout.  */
static __always_inline int sock_protocol_is_bitfield(void)
{
	return bpf_core_field_exists(struct sock___old, sk_protocol) &&
	       bpf_core_field_size(struct sock___old, sk_protocol) == 4;
}

#endif
