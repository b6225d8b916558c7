/* bpfs-load: open a BPF object with libbpf and load every program into the
 * kernel, so tests can check that the verifier accepts what bpf-gcc built.
 *
 *   bpfs-load OBJECT       exit 0: all programs loaded
 *                          exit 1: libbpf or the verifier refused (the log
 *                                  is printed)
 *                          exit 77: the kernel does not let us load BPF
 *                                   at all (bpfs-probe.h)
 *
 * Nothing is attached or pinned; the object is closed again.  */
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "bpfs-probe.h"

static int quiet_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
  if (level == LIBBPF_DEBUG)
    return 0;
  return vfprintf(stderr, fmt, ap);
}

int main(int argc, char **argv)
{
  if (argc != 2 || argv[1][0] == '-')
    {
      fprintf(stderr, "usage: bpfs-load OBJECT\n"
              "Load every program of a BPF object into the kernel with libbpf.\n");
      return argc == 2 && !strcmp(argv[1], "--help") ? 0 : 2;
    }
  libbpf_set_print(quiet_print);
  struct bpf_object *obj = bpf_object__open_file(argv[1], NULL);
  if (!obj)
    {
      fprintf(stderr, "bpfs-load: error: %s: cannot open: %s\n", argv[1], strerror(errno));
      return 1;
    }
  int err = bpf_object__load(obj);
  if (err)
    {
      int e = -err;
      fprintf(stderr, "bpfs-load: error: %s: load failed: %s\n", argv[1], strerror(e));
      bpf_object__close(obj);
      return bpfs_failure_status(1);
    }
  int n = 0;
  struct bpf_program *prog;
  bpf_object__for_each_program(prog, obj)
    if (bpf_program__fd(prog) >= 0)
      n++;
  printf("loaded %d program%s\n", n, n == 1 ? "" : "s");
  bpf_object__close(obj);
  return 0;
}
