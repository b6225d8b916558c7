/* Attributes after a function definition's declarator, as clang accepts
   them (selftests' test_btf_decl_tag.c): SEC() puts prog in its program
   section only if the attribute applies, noinline keeps triple a function
   of its own, and the decl tag reaches the BTF.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define __tag __attribute__((btf_decl_tag("after_declarator")))

static int triple(int x) __tag __attribute__((noinline))
{
	return x * 3;
}

int prog(struct xdp_md *ctx)
	SEC("xdp")
{
	return triple(14);
}

char LICENSE[] SEC("license") = "GPL";
