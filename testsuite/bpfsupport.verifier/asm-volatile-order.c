/* xdp-tutorial's experiment01-tailgrow (xdp_prog_kern4.c, with Cilium's
   xdp_store_bytes): a volatile asm loads ctx->data and ctx->data_end itself
   and bounds the packet; the copy then reads from `data', loaded by the
   caller before the asm.  The verifier gives the asm's range to every
   packet pointer held at its compare.  GCC's sink pass moved the load of
   ctx->data below the asm (which, without a "memory" clobber, touches no
   memory for GCC): a new pointer of range 0, refused ("R3 offset is
   outside of the packet").  Clang keeps the load before a volatile asm.
   Clang cannot build the -O0 form (memcpy of a variable length).  */
/* { dg-do assemble } */
/* { dg-final { verifier-run tailgrow_store 0x102 { -O0 } } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

static __always_inline int
store_bytes (struct xdp_md *ctx, __u64 off, const void *from, const __u64 len)
{
  void *to;
  int ret;
  asm volatile ("r1 = *(u32 *)(%[ctx] +0)\n\t"
		"r2 = *(u32 *)(%[ctx] +4)\n\t"
		"%[off] &= %[offmax]\n\t"
		"r1 += %[off]\n\t"
		"%[to] = r1\n\t"
		"r1 += %[len]\n\t"
		"if r1 > r2 goto +2\n\t"
		"%[ret] = 0\n\t"
		"goto +1\n\t"
		"%[ret] = %[errno]\n\t"
		: [ret] "=r" (ret), [to] "=r" (to)
		: [ctx] "r" (ctx), [off] "r" (off), [len] "ri" (len),
		  [offmax] "i" (0x1fff), [errno] "i" (-22)
		: "r1", "r2");
  if (!ret)
    __builtin_memcpy (to, from, len);
  return ret;
}

/* The zeroed 64-byte test packet: the copy of bytes 0-1 to 10-11 succeeds
   (ret 0), then the bytes are read back.  */
SEC ("xdp")
int tailgrow_store (struct xdp_md *ctx)
{
  void *data = (void *) (long) ctx->data;
  unsigned int len = 12;
  unsigned int offset = len - 2;
  if (store_bytes (ctx, offset, data, 2) < 0)
    return XDP_ABORTED;
  void *d = (void *) (long) ctx->data, *end = (void *) (long) ctx->data_end;
  if (d + 12 > end)
    return XDP_DROP;
  return 0x100 | XDP_PASS | *(__u16 *) (d + 10);
}

char _license[] SEC ("license") = "GPL";
