/* A u16 index computed with %, range-checked, then used to index an array
   in a map value, as loxilb's dp_sel_nat_ep() has it (2 programs at
   -mcpu=v1, clang-19's default; shared/cases/mod-index-u16).  After `%='
   the verifier knows nothing of the value; GCC checked it with a signed
   compare (`if r6 s<= 31'), which bounds it from above only, and the index
   was refused ("unbounded min value").  clang compares unsigned.  The
   plugin makes an ordering compare of a value ranger proves non-negative
   unsigned (plugin/verifier-index-extend.cc).  At -mcpu=v3 clang-19's
   object is refused too.  Left: at -O1 (and plain bpf-gcc -Og) GCC checks
   a truncated copy and indexes with the other register (XFAIL).  The map
   value is zero: the program returns 0.  */
/* { dg-do assemble } */
/* { dg-options "-mcpu=v1" } */
/* { dg-final { verifier-run mod_index_u16 0 { -O0 } { -O1 -Og } "at -O1 GCC checks a u16 copy of the index and indexes with the int (the verifier bounds only the copy); clang -O1 loads" } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct xfrm { __u8 inactive; __u8 pad[47]; };
struct act { __u8 nxfrm; __u8 pad[7]; struct xfrm nxfrms[32]; };
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct act);
} nat SEC(".maps");

SEC("tc") int mod_index_u16(struct __sk_buff *skb)
{
	__u32 k = 0, h = bpf_get_prandom_u32();
	struct act *a = bpf_map_lookup_elem(&nat, &k);
	__u16 sel;

	if (!a || !a->nxfrm)
		return 0;
	sel = (h & 0xff) ^ ((h >> 24) & 0xff);
	sel %= a->nxfrm;
	if (sel >= 0 && sel < 32)
		return a->nxfrms[sel].inactive;
	return 0;
}
char LICENSE[] SEC("license") = "GPL";
