/* bpfs-corpus-load: load each program of a BPF object into the kernel on its
 * own, as the selftests corpus report counts them (make check-selftests).
 *
 *   bpfs-corpus-load OBJECT
 *
 * Prints one line per program, then exits 0:
 *   prog NAME SECTION ok
 *   prog NAME SECTION fail REASON
 * or, when libbpf cannot open the object at all, one line and exit 1:
 *   open-fail REASON
 * Exit 77 (and no lines): the kernel does not let this process load BPF at
 * all, tested with a two-instruction socket filter before anything else.
 *
 * Each program gets a fresh bpf_object with every other program's autoload
 * off, so one refused program does not hide the others (libbpf loads an
 * object all or nothing).  REASON is the last line libbpf or the verifier
 * printed that says what went wrong: the same words for both compilers, so
 * the report can group failures by cause.  */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bpfs-probe.h"

static char last_reason[512];

/* Keep the most telling line: verifier messages end the log with
   "processed N insns", libbpf's own lines start with "libbpf: ".  */
static int capture(enum libbpf_print_level level, const char *fmt, va_list ap)
{
  if (level == LIBBPF_DEBUG)
    return 0;
  /* The whole message: libbpf passes the verifier's log as one string,
     and its last lines are the reason (a fixed buffer cut them off).  */
  va_list copy;
  va_copy(copy, ap);
  int len = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (len < 0)
    return 0;
  char *buf = malloc((size_t)len + 1);
  if (!buf)
    return 0;
  vsnprintf(buf, (size_t)len + 1, fmt, ap);
  char *save = NULL;
  for (char *line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
    {
      while (isspace((unsigned char)*line))
        line++;
      if (!*line || !strncmp(line, "processed ", 10) || !strncmp(line, "-- END PROG LOAD LOG --", 23)
          || !strncmp(line, "-- BEGIN PROG LOAD LOG --", 25) || strstr(line, "failed to load object")
          || strstr(line, "failed to load program") || strstr(line, "prog '") == line
          || !strncmp(line, "verification time", 17) || !strncmp(line, "stack depth", 11)
          || !strncmp(line, "libbpf: prog '", 14))
        {
          /* "libbpf: prog 'x': failed to ..." lines carry the useful reason
             only when nothing better was seen.  */
          if (!strncmp(line, "libbpf: prog '", 14) && !last_reason[0])
            snprintf(last_reason, sizeof last_reason, "%s", line);
          continue;
        }
      snprintf(last_reason, sizeof last_reason, "%s", line);
    }
  free(buf);
  return 0;
}

static void clean(char *s)
{
  for (; *s; s++)
    if (*s == '\n' || *s == '\t')
      *s = ' ';
}

int main(int argc, char **argv)
{
  if (argc != 2 || argv[1][0] == '-')
    {
      fprintf(stderr, "usage: bpfs-corpus-load OBJECT\n"
              "Load each program of a BPF object into the kernel on its own; one line per program.\n");
      return argc == 2 && !strcmp(argv[1], "--help") ? 0 : 2;
    }
  /* A program refused with EPERM may be the verifier's choice (some kfuncs,
     lockdown); only a trivial program refused means BPF is off limits.  */
  if (bpfs_kernel_forbids_bpf())
    return 77;
  libbpf_set_print(capture);
  struct bpf_object *obj = bpf_object__open_file(argv[1], NULL);
  if (!obj)
    {
      int e = errno;
      clean(last_reason);
      printf("open-fail %s\n", last_reason[0] ? last_reason : strerror(e));
      return 1;
    }
  int n = 0;
  struct bpf_program *p;
  bpf_object__for_each_program(p, obj)
    n++;
  bpf_object__close(obj);
  for (int i = 0; i < n; i++)
    {
      last_reason[0] = 0;
      obj = bpf_object__open_file(argv[1], NULL);
      if (!obj)
        return 1;
      struct bpf_program *me = NULL;
      int j = 0;
      bpf_object__for_each_program(p, obj)
        {
          bpf_program__set_autoload(p, j == i);
          if (j == i)
            me = p;
          j++;
        }
      int err = bpf_object__load(obj);
      const char *name = bpf_program__name(me), *sec = bpf_program__section_name(me);
      if (!err)
        {
          printf("prog %s %s ok\n", name, sec);
        }
      else
        {
          clean(last_reason);
          printf("prog %s %s fail %s\n", name, sec, last_reason[0] ? last_reason : strerror(-err));
        }
      bpf_object__close(obj);
    }
  return 0;
}
