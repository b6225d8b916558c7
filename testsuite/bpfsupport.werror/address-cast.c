/* A map's address tested through an explicit cast, as a production project
   writes it: `if (max && (struct bpf_map_def *)&data_heap)'.  GCC warned
   "the address of 'data_heap' will always evaluate as 'true'" (-Waddress,
   in -Wall: 24 of the project's 94 objects stopped under -Werror); clang
   warns only where no cast stands between the test and the address
   (`if (&x)' still warns with both: address-cast-warns.c).  */
/* { dg-do assemble } */
/* { dg-options "-Wall -Werror" } */
/* { dg-final { werror-run "--data-hex 00000000000000000000000000000000" 3 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct bpf_map_def {
	unsigned int type, key_size, value_size, max_entries, map_flags;
};
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, int);
	__type(value, long);
} data_heap SEC(".maps");
int counter;
char names[4][8];

SEC("xdp") int prog(struct xdp_md *ctx)
{
	int max = ctx->ingress_ifindex, r = 0;

	if (max && (struct bpf_map_def *)&data_heap)
		r += 1;
	if ((void *)&counter != 0)
		r += 2;
	if (!(char *)names)
		r += 4;
	return r;
}
char LICENSE[] SEC("license") = "GPL";
