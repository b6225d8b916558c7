/* Inner maps declared by type only (`__array(values, struct inner)'):
 * libbpf creates the inner map from struct inner's BTF and needs the full
 * value struct to size it ("can't determine value size" on a FWD).  Both
 * an array of maps and a hash of maps, the inner map's value struct first
 * met through the outer map's `values'; the program writes through both
 * inner maps and reads the values back.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct val { long a, b; };
struct val2 { int x[3]; };

struct inner {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, int);
	__type(value, struct val);
};

struct inner inner_a SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 1);
	__type(key, int);
	__array(values, struct inner);
} outer SEC(".maps") = { .values = { &inner_a } };

struct inner_h {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 2);
	__type(key, int);
	__type(value, struct val2);
} inner_h SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH_OF_MAPS);
	__uint(max_entries, 1);
	__type(key, int);
	__array(values, struct inner_h);
} outer_h SEC(".maps") = { .values = { [0] = &inner_h } };

/* An inner map known only by its type: libbpf still creates a template
   inner map from it (clang 14 leaves struct val3 a FWD here).  */
struct val3 { char c[24]; };
struct inner_t {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, int);
	__type(value, struct val3);
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 1);
	__type(key, int);
	__array(values, struct inner_t);
} outer_t SEC(".maps");

struct { long a, x2, found, empty; } result;

SEC("syscall")
int inner_maps(void *ctx)
{
	int k = 0;
	void *m = bpf_map_lookup_elem(&outer, &k);
	struct val *v;
	struct val2 *w, nw = { { 5, 6, 7 } };

	if (!m)
		return 1;
	v = bpf_map_lookup_elem(m, &k);
	if (!v)
		return 2;
	v->a += 40;
	result.a = v->a;
	m = bpf_map_lookup_elem(&outer_h, &k);
	if (!m)
		return 3;
	if (bpf_map_update_elem(m, &k, &nw, BPF_ANY))
		return 4;
	w = bpf_map_lookup_elem(m, &k);
	if (!w)
		return 5;
	result.x2 = w->x[2];
	result.found = 1;
	result.empty = bpf_map_lookup_elem(&outer_t, &k) == 0;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
