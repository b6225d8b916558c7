/* asm-load.c - load a BPF object with libbpf and run some of its programs
   once through BPF_PROG_TEST_RUN on a 64-byte zero packet.
   Usage: asm-load OBJ PROG...   prints "PROG RETVAL" per program.
   Exit: 0 ok, 2 open failed, 3 load failed, 4 a program is missing or
   could not run.  */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <stdio.h>
#include <string.h>

static int
quiet (enum libbpf_print_level level, const char *fmt, va_list ap)
{
  if (level == LIBBPF_WARN)
    return vfprintf (stderr, fmt, ap);
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: asm-load OBJ PROG...\n");
      return 1;
    }
  libbpf_set_print (quiet);
  struct bpf_object *obj = bpf_object__open_file (argv[1], NULL);
  if (!obj || libbpf_get_error (obj))
    {
      fprintf (stderr, "asm-load: cannot open %s\n", argv[1]);
      return 2;
    }
  if (bpf_object__load (obj))
    {
      fprintf (stderr, "asm-load: cannot load %s\n", argv[1]);
      return 3;
    }
  int rc = 0;
  for (int i = 2; i < argc; i++)
    {
      struct bpf_program *p = bpf_object__find_program_by_name (obj, argv[i]);
      if (!p)
        {
          printf ("%s missing\n", argv[i]);
          rc = 4;
          continue;
        }
      char pkt[64];
      memset (pkt, 0, sizeof pkt);
      LIBBPF_OPTS (bpf_test_run_opts, o, .data_in = pkt,
                   .data_size_in = sizeof pkt, .repeat = 1);
      int err = bpf_prog_test_run_opts (bpf_program__fd (p), &o);
      if (err)
        {
          printf ("%s error %d\n", argv[i], err);
          rc = 4;
        }
      else
        printf ("%s %d\n", argv[i], (int) o.retval);
    }
  bpf_object__close (obj);
  return rc;
}
