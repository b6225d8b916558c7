/* `+' in inline asm input constraints (asm-plus-inputs.exp): in a header
   macro, in a function beside an output operand, with asm goto.  clang-19
   reads each as a plain input.  The asm here only reads its inputs, so the
   values are defined; the packet's first bytes give them.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "mask.h"

static __attribute__((noinline)) int twice(int x)
{
	int y = x;
	asm volatile("%[y] += %[x]" : [y] "+r"(y) : [x] "+r"(x));
	return y * 10 + x;
}

SEC("xdp") int prog(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
	__u64 len = (__u64)(end - data), more;
	__u8 *p = data;
	int r = 0;
#ifdef WARN
	int unused_here;	/* -Wall: one warning, shown once */
#endif

	if (p + 2 > (__u8 *)end)
		return 1;
	COPY_PLUS_ONE(more, len);
	r += more * 100000;
	asm goto("if %[v] > 10 goto %l[big]" :: [v] "+r"(p[0]) :: big);
	r += 1000;
big:
	r += twice(p[1]);
	return r;
}
char LICENSE[] SEC("license") = "GPL";
