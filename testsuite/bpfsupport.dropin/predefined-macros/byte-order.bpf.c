/* A project's own ntohs/ntohl, as projects write them: swap only on a
   little-endian target.  With bpf-cc, __LITTLE_ENDIAN__ was undefined and
   nothing was swapped.  Packet bytes 12 34 .. .. 0a 00 00 01: the port is
   0x1234 (1), the address 10.0.0.1 (2), __BYTE_ORDER__ says little (4),
   __BIG_ENDIAN__ is not defined (8 otherwise): 7.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#ifdef __LITTLE_ENDIAN__
#define my_ntohs(x) ((unsigned short) (((x) >> 8) | ((x) << 8)))
#define my_ntohl(x) __builtin_bswap32 (x)
#else
#define my_ntohs(x) (x)
#define my_ntohl(x) (x)
#endif

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define LITTLE 4
#else
#define LITTLE 0
#endif

SEC("xdp") int byte_order(struct xdp_md *ctx)
{
	unsigned char *data = (void *) (long) ctx->data;
	unsigned char *end = (void *) (long) ctx->data_end;
	if (data + 8 > end)
		return 100;
	unsigned short port = *(unsigned short *) data;
	unsigned int addr = *(unsigned int *) (data + 4);
	int r = LITTLE;
	if (my_ntohs (port) == 0x1234)
		r |= 1;
	if (my_ntohl (addr) == 0x0a000001)
		r |= 2;
#ifdef __BIG_ENDIAN__
	r |= 8;
#endif
	return r;
}

char LICENSE[] SEC("license") = "GPL";
