/* bpfs-lower-run: load a BPF object with libbpf and run one of its programs
 * once in the kernel with BPF_PROG_TEST_RUN; the lowering tests
 * (testsuite/bpfsupport.lower) compare the value it returns.
 *
 *   bpfs-lower-run [--all] OBJECT PROGRAM
 *     --all loads every program of the object, not only PROGRAM (the
 *     targets of its tail calls, identical programs that must stay apart);
 *     prints "retval N" (decimal, unsigned 32-bit) and exits 0;
 *     exit 1: libbpf or the verifier refused the object, or the run failed
 *             (the verifier's log is printed);
 *     exit 77: the kernel does not let us load BPF here at all (re-probed
 *              with a trivial program, bpfs-probe.h).
 * SEC("syscall") programs run without context; other types get a 64-byte
 * zeroed packet.  */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "bpfs-probe.h"

static int print_warnings(enum libbpf_print_level level, const char *fmt, va_list ap)
{
  if (level == LIBBPF_DEBUG)
    return 0;
  return vfprintf(stderr, fmt, ap);
}

int main(int argc, char **argv)
{
  int load_all = argc == 4 && !strcmp(argv[1], "--all");
  if (load_all)
    argv++, argc--;
  if (argc != 3)
    {
      fprintf(stderr, "usage: bpfs-lower-run [--all] OBJECT PROGRAM\n");
      return 2;
    }
  libbpf_set_print(print_warnings);
  struct bpf_object *obj = bpf_object__open_file(argv[1], NULL);
  if (!obj)
    {
      fprintf(stderr, "bpfs-lower-run: %s: cannot open: %s\n", argv[1], strerror(errno));
      return 1;
    }
  struct bpf_program *prog = bpf_object__find_program_by_name(obj, argv[2]);
  if (!prog)
    {
      fprintf(stderr, "bpfs-lower-run: %s: no program %s\n", argv[1], argv[2]);
      return 1;
    }
  /* Load only the program we run, unless --all.  */
  struct bpf_program *p;
  bpf_object__for_each_program(p, obj)
    bpf_program__set_autoload(p, load_all || p == prog);
  int err = bpf_object__load(obj);
  if (err)
    {
      fprintf(stderr, "bpfs-lower-run: %s: load failed: %s\n", argv[1], strerror(-err));
      bpf_object__close(obj);
      return bpfs_failure_status(1);
    }
  unsigned char pkt[64] = { 0 }, out[128];
  LIBBPF_OPTS(bpf_test_run_opts, opts);
  if (bpf_program__type(prog) != BPF_PROG_TYPE_SYSCALL)
    {
      opts.data_in = pkt;
      opts.data_size_in = sizeof pkt;
      opts.data_out = out;
      opts.data_size_out = sizeof out;
      opts.repeat = 1;
    }
  err = bpf_prog_test_run_opts(bpf_program__fd(prog), &opts);
  if (err)
    {
      int e = errno;
      fprintf(stderr, "bpfs-lower-run: %s: test run failed: %s\n", argv[2], strerror(e));
      bpf_object__close(obj);
      return bpfs_failure_status(1);
    }
  printf("retval %u\n", opts.retval);
  bpf_object__close(obj);
  return 0;
}
