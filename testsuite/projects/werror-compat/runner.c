// SPDX-License-Identifier: GPL-2.0
/* Opens out/fields.bpf.o with libbpf, runs `fields' once through
   BPF_PROG_TEST_RUN and prints the words of its .bss `out'.
   Exit 2 when the kernel refuses to load (UNSUPPORTED), 1 on failure.  */
#include <stdio.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "out/fields.bpf.o";
	struct bpf_object *obj = bpf_object__open_file(path, NULL);
	struct bpf_program *prog;
	struct bpf_map *map;
	unsigned long long words[1024 / 8 + 24];
	unsigned k = 0;

	if (!obj) {
		fprintf(stderr, "runner: cannot open %s\n", path);
		return 1;
	}
	if (bpf_object__load(obj)) {
		fprintf(stderr, "runner: the kernel refuses %s\n", path);
		return 2;
	}
	prog = bpf_object__find_program_by_name(obj, "fields");
	LIBBPF_OPTS(bpf_test_run_opts, opts);
	if (!prog || bpf_prog_test_run_opts(bpf_program__fd(prog), &opts) || opts.retval) {
		fprintf(stderr, "runner: the run failed\n");
		return 1;
	}
	bpf_object__for_each_map(map, obj) {
		const char *name = bpf_map__name(map);
		size_t n = strlen(name);
		if (n < 4 || strcmp(name + n - 4, ".bss"))
			continue;
		if (bpf_map__value_size(map) > sizeof words
		    || bpf_map_lookup_elem(bpf_map__fd(map), &k, words)) {
			fprintf(stderr, "runner: cannot read .bss\n");
			return 1;
		}
		/* `out' is all of .bss (fields.bpf.c).  */
		for (int i = 0; i < 24; i++)
			printf("out[%d] = %llu\n", i, words[i]);
		return 0;
	}
	fprintf(stderr, "runner: no .bss\n");
	return 1;
}
