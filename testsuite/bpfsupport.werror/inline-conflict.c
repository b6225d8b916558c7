/* An always_inline declaration, then a noinline definition, as a
   production project has them (18 of its 94 objects): GCC warned "ignoring
   attribute 'noinline' because it conflicts with attribute
   'always_inline'" (-Wattributes) and inlined; clang-19 is silent and
   calls the function (in LLVM, noinline wins).  Now: no warning, and a
   bpf-to-bpf call, as clang's.  */
/* { dg-do assemble } */
/* { dg-options "-Wall -Werror" } */
/* { dg-final { scan-assembler {call\s+helper} } } */
/* { dg-final { werror-run "--data-hex 00000000000000000000000000000000" 4 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

static __always_inline int helper(int x);

SEC("xdp") int prog(struct xdp_md *ctx)
{
	return helper(ctx->ingress_ifindex);
}

static __attribute__((noinline)) int helper(int x)
{
	return x * 3 + 1;
}
char LICENSE[] SEC("license") = "GPL";
