/* bpfs-core-run: run a BPF_PROG_TYPE_SYSCALL program with libbpf's CO-RE
 * relocations resolved against the running kernel or a given BTF, and print
 * the program's .bss as 32-bit words, so tests can read CO-RE results.
 *
 *   bpfs-core-run [--btf TARGET-BTF] --prog NAME OBJECT
 *
 * TARGET-BTF (an ELF object with .BTF, or raw BTF) is libbpf's
 * btf_custom_path: relocations are resolved against it instead of
 * /sys/kernel/btf/vmlinux.  Output: "retval N" then "bss W0 W1 ..." (decimal,
 * signed).  Exit 0 ok, 1 failure (a verifier refusal included), 77 only
 * when the kernel does not let us load BPF at all (bpfs-probe.h).  */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bpfs-probe.h"

static int print_warnings(enum libbpf_print_level level, const char *fmt, va_list ap)
{
  return level == LIBBPF_DEBUG ? 0 : vfprintf(stderr, fmt, ap);
}

int main(int argc, char **argv)
{
  const char *btf = NULL, *prog_name = NULL, *path = NULL;
  for (int i = 1; i < argc; i++)
    {
      if (!strcmp(argv[i], "--btf") && i + 1 < argc)
        btf = argv[++i];
      else if (!strcmp(argv[i], "--prog") && i + 1 < argc)
        prog_name = argv[++i];
      else if (argv[i][0] != '-' && !path)
        path = argv[i];
      else
        {
          fprintf(stderr, "usage: bpfs-core-run [--btf TARGET-BTF] --prog NAME OBJECT\n");
          return 2;
        }
    }
  if (!path || !prog_name)
    {
      fprintf(stderr, "usage: bpfs-core-run [--btf TARGET-BTF] --prog NAME OBJECT\n");
      return 2;
    }
  libbpf_set_print(print_warnings);
  LIBBPF_OPTS(bpf_object_open_opts, oopts, .btf_custom_path = btf);
  struct bpf_object *obj = bpf_object__open_file(path, &oopts);
  if (!obj)
    {
      fprintf(stderr, "bpfs-core-run: error: %s: cannot open: %s\n", path, strerror(errno));
      return 1;
    }
  struct bpf_program *p;
  bpf_object__for_each_program(p, obj)
    bpf_program__set_autoload(p, !strcmp(bpf_program__name(p), prog_name));
  int err = bpf_object__load(obj);
  if (err)
    {
      fprintf(stderr, "bpfs-core-run: error: %s: load failed: %s\n", path, strerror(-err));
      return bpfs_failure_status(1);
    }
  struct bpf_program *prog = bpf_object__find_program_by_name(obj, prog_name);
  if (!prog)
    {
      fprintf(stderr, "bpfs-core-run: error: no program %s\n", prog_name);
      return 1;
    }
  LIBBPF_OPTS(bpf_test_run_opts, ropts);
  if (bpf_prog_test_run_opts(bpf_program__fd(prog), &ropts))
    {
      fprintf(stderr, "bpfs-core-run: error: test run: %s\n", strerror(errno));
      return bpfs_failure_status(1);
    }
  printf("retval %d\n", (int)ropts.retval);
  struct bpf_map *m;
  bpf_object__for_each_map(m, obj)
    {
      const char *name = bpf_map__name(m);
      size_t n = strlen(name);
      if (n < 4 || strcmp(name + n - 4, ".bss"))
        continue;
      size_t size = bpf_map__value_size(m);
      int32_t *v = calloc(1, size + 4);
      int key = 0;
      if (!v || bpf_map__lookup_elem(m, &key, sizeof key, v, size, 0))
        {
          fprintf(stderr, "bpfs-core-run: error: reading .bss: %s\n", strerror(errno));
          return 1;
        }
      printf("bss");
      for (size_t i = 0; i < size / 4; i++)
        printf(" %d", v[i]);
      printf("\n");
      free(v);
    }
  bpf_object__close(obj);
  return 0;
}
