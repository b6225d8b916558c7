// SPDX-License-Identifier: GPL-2.0
/* Opens out/sumloop.bpf.o with libbpf, runs sum_loop three times through
   BPF_PROG_TEST_RUN and prints its results, the map and the globals.
   Exit 2 when the kernel refuses to load (UNSUPPORTED), 1 on failure.  */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

struct args { unsigned n, mul; unsigned long long out; };

static const char *const globals[] = { "calls", "seed", "core_info" };

/* NAME's bytes, found through the BTF of the .bss/.data sections.  */
static int print_global(struct bpf_object *obj, const char *name)
{
	struct btf *btf = bpf_object__btf(obj);
	struct bpf_map *map;

	bpf_object__for_each_map(map, obj) {
		const char *mname = bpf_map__name(map);
		const char *sec = strchr(mname, '.');
		const struct btf_var_secinfo *vs;
		const struct btf_type *t;
		unsigned char val[256];
		unsigned k = 0;
		int id;

		if (!sec || bpf_map__value_size(map) > sizeof val)
			continue;
		id = btf__find_by_name_kind(btf, sec, BTF_KIND_DATASEC);
		if (id < 0)
			continue;
		t = btf__type_by_id(btf, id);
		vs = btf_var_secinfos(t);
		for (unsigned i = 0; i < btf_vlen(t); i++, vs++) {
			const struct btf_type *v = btf__type_by_id(btf, vs->type);
			if (strcmp(btf__name_by_offset(btf, v->name_off), name))
				continue;
			if (bpf_map_lookup_elem(bpf_map__fd(map), &k, val))
				return 1;
			printf("%s %s:", sec, name);
			for (unsigned b = 0; b < vs->size; b++)
				printf(" %02x", val[vs->offset + b]);
			printf("\n");
			return 0;
		}
	}
	printf("%s: not found\n", name);
	return 1;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "out/sumloop.bpf.o";
	static const struct args in[] = { { 10, 3, 0 }, { 100, 7, 0 }, { 0, 1, 0 } };
	struct bpf_object *obj = bpf_object__open_file(path, NULL);
	struct bpf_program *prog;
	struct bpf_map *map;
	unsigned long long v;
	int fd;

	if (!obj) {
		fprintf(stderr, "open %s: %s\n", path, strerror(errno));
		return 1;
	}
	if (bpf_object__load(obj)) {
		fprintf(stderr, "load %s: %s\n", path, strerror(errno));
		return 2;
	}
	prog = bpf_object__find_program_by_name(obj, "sum_loop");
	if (!prog)
		return 1;
	fd = bpf_program__fd(prog);
	for (unsigned i = 0; i < sizeof in / sizeof *in; i++) {
		struct args a = in[i];
		LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = &a,
			    .ctx_size_in = sizeof a);
		if (bpf_prog_test_run_opts(fd, &opts)) {
			fprintf(stderr, "test run: %s\n", strerror(errno));
			return 1;
		}
		printf("n=%u mul=%u -> ret=%d\n", a.n, a.mul, (int) opts.retval);
	}
	map = bpf_object__find_map_by_name(obj, "hist");
	for (unsigned k = 0; map && k < 8; k++) {
		if (bpf_map_lookup_elem(bpf_map__fd(map), &k, &v))
			return 1;
		printf("hist[%u]=%llu\n", k, v);
	}
	/* The globals by name, wherever each compiler placed them.  */
	for (unsigned i = 0; i < sizeof globals / sizeof *globals; i++)
		if (print_global(obj, globals[i]))
			return 1;
	bpf_object__close(obj);
	return 0;
}
