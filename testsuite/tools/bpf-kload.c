/* bpf-kload: the kernel-side twin of bpf-run for differential testing.
 *
 *   bpf-kload [--prog NAME] [--alone] [--data FILE | --data-hex HEX] [--ctx FILE]
 *             [--repeat N] [--json] OBJECT
 *
 * Loads OBJECT with libbpf, runs one program with BPF_PROG_TEST_RUN and
 * prints the same JSON as `bpf-run --json': retval, data_out and every map
 * by name with its entries (sorted by key bytes; per-CPU maps show CPU 0,
 * the process is pinned to CPU 0 so the test run uses that CPU).
 * --repeat N runs the program N times through separate test runs (maps
 * persist), as bpf-run does.
 * Exit 77 only when the kernel does not let this process load BPF at all
 * (re-probed with a trivial program after a failure, bpfs-probe.h); a
 * program the verifier refuses, or a run that fails, is exit 1; on a
 * refusal the end of the verifier's log (the error and its statistics)
 * follows the error line on stderr, so that a caller needs no second,
 * --verbose load (libbpf already verified the program twice).
 * Build: gcc -O2 bpf-kload.c -lbpf -lelf -o bpf-kload  */
#define _GNU_SOURCE
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bpfs-probe.h"

static int verbose;
/* Without --verbose, libbpf's warnings (the verifier's log among them) are kept here and only the last
   LOG_TAIL_LINES are shown, after a failed load.  */
static char *libbpf_log;
static size_t libbpf_log_len, libbpf_log_cap;
enum { LOG_TAIL_LINES = 40 };

static int quiet_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
  if (verbose)
    return vfprintf(stderr, fmt, ap);
  if (level != LIBBPF_WARN)
    return 0;
  va_list aq;
  va_copy(aq, ap);
  int n = vsnprintf(NULL, 0, fmt, aq);
  va_end(aq);
  if (n <= 0)
    return 0;
  if (libbpf_log_len + n + 1 > libbpf_log_cap)
    {
      size_t cap = libbpf_log_cap ? libbpf_log_cap : 4096;
      while (cap < libbpf_log_len + n + 1)
        cap *= 2;
      char *p = realloc(libbpf_log, cap);
      if (!p)
        return 0;
      libbpf_log = p;
      libbpf_log_cap = cap;
    }
  vsnprintf(libbpf_log + libbpf_log_len, n + 1, fmt, ap);
  libbpf_log_len += n;
  return n;
}

/* The last LOG_TAIL_LINES lines of what libbpf said, to stderr.  */
static void print_log_tail(void)
{
  if (!libbpf_log_len)
    return;
  size_t i = libbpf_log_len;
  int lines = 0;
  if (i && libbpf_log[i - 1] == '\n')
    i--;
  while (i > 0 && lines < LOG_TAIL_LINES)
    if (libbpf_log[--i] == '\n')
      lines++;
  if (libbpf_log[i] == '\n')
    i++;
  fwrite(libbpf_log + i, 1, libbpf_log_len - i, stderr);
  if (libbpf_log[libbpf_log_len - 1] != '\n')
    fputc('\n', stderr);
}

static void *read_file(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    {
      fprintf(stderr, "bpf-kload: error: %s: %s\n", path, strerror(errno));
      exit(2);
    }
  size_t cap = 4096, n = 0;
  unsigned char *buf = malloc(cap);
  size_t k;
  while ((k = fread(buf + n, 1, cap - n, f)) > 0)
    {
      n += k;
      if (n == cap)
        buf = realloc(buf, cap *= 2);
    }
  fclose(f);
  *len = n;
  return buf;
}

static void *parse_hex(const char *s, size_t *len)
{
  size_t n = strlen(s);
  unsigned char *buf = malloc(n / 2 + 1);
  size_t k = 0;
  for (size_t i = 0; s[i]; )
    {
      if (s[i] == ' ' || s[i] == ':') { i++; continue; }
      unsigned v;
      if (!s[i + 1] || sscanf(s + i, "%2x", &v) != 1)
        {
          fprintf(stderr, "bpf-kload: error: bad hex string\n");
          exit(2);
        }
      buf[k++] = v;
      i += 2;
    }
  *len = k;
  return buf;
}

static void hex(const unsigned char *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    printf("%02x", p[i]);
}

struct ent { unsigned char *k, *v; unsigned ks; };
static int cmp_ent(const void *a, const void *b)
{
  const struct ent *x = a, *y = b;
  return memcmp(x->k, y->k, x->ks);
}

static const char *map_name(const struct bpf_map *m)
{
  /* Global-data maps are shown by section name (".bss", ".data.x"), as
     bpf-run does, not with libbpf's object-name prefix.  */
  const char *name = bpf_map__name(m);
  if (bpf_map__is_internal(m) && strchr(name, '.'))
    name = strchr(name, '.');
  return name;
}

static int cmp_map(const void *a, const void *b)
{
  return strcmp(map_name(*(struct bpf_map *const *)a), map_name(*(struct bpf_map *const *)b));
}

static int dumpable(enum bpf_map_type t)
{
  switch (t)
    {
    case BPF_MAP_TYPE_ARRAY: case BPF_MAP_TYPE_HASH: case BPF_MAP_TYPE_LRU_HASH:
    case BPF_MAP_TYPE_PERCPU_ARRAY: case BPF_MAP_TYPE_PERCPU_HASH:
    case BPF_MAP_TYPE_LRU_PERCPU_HASH:
      return 1;
    default:
      return 0;
    }
}

static void dump_map(struct bpf_map *m, int first)
{
  enum bpf_map_type t = bpf_map__type(m);
  unsigned ks = bpf_map__key_size(m), vs = bpf_map__value_size(m);
  int percpu = t == BPF_MAP_TYPE_PERCPU_ARRAY || t == BPF_MAP_TYPE_PERCPU_HASH
               || t == BPF_MAP_TYPE_LRU_PERCPU_HASH;
  int ncpu = percpu ? libbpf_num_possible_cpus() : 1;
  size_t vstride = percpu ? ((vs + 7) & ~7u) : vs;
  const char *name = map_name(m);
  printf("%s\"%s\":[", first ? "" : ",", name);
  int fd = bpf_map__fd(m);
  size_t cap = 16, n = 0;
  struct ent *e = malloc(cap * sizeof *e);
  unsigned char *key = calloc(1, ks + 1), *next = calloc(1, ks + 1);
  unsigned char *val = calloc(ncpu, vstride + 8);
  int have = 0;
  while (bpf_map_get_next_key(fd, have ? key : NULL, next) == 0)
    {
      memcpy(key, next, ks);
      have = 1;
      if (bpf_map_lookup_elem(fd, key, val) != 0)
        continue;
      if (n == cap)
        e = realloc(e, (cap *= 2) * sizeof *e);
      e[n].k = malloc(ks);
      memcpy(e[n].k, key, ks);
      e[n].v = malloc(vs);
      memcpy(e[n].v, val, vs);   /* CPU 0 */
      e[n].ks = ks;
      n++;
      if (n > 1000000)
        break;
    }
  qsort(e, n, sizeof *e, cmp_ent);
  for (size_t i = 0; i < n; i++)
    {
      printf("%s{\"key\":\"", i ? "," : "");
      hex(e[i].k, ks);
      printf("\",\"value\":\"");
      hex(e[i].v, vs);
      printf("\"}");
      free(e[i].k);
      free(e[i].v);
    }
  printf("]");
  free(e); free(key); free(next); free(val);
}

static void usage(FILE *f)
{
  fprintf(f, "usage: bpf-kload [--prog NAME] [--alone] [--data FILE|--data-hex HEX] [--ctx FILE]\n"
             "                 [--ctx-hex HEX] [--repeat N] [--json] [--verbose] OBJECT\n"
             "Load OBJECT with libbpf and run one program with BPF_PROG_TEST_RUN.\n"
             "Every program of OBJECT is loaded (tail-call targets), or with --alone\n"
             "only the one run.  After a refused load, the end of the verifier's\n"
             "log follows the error (all of libbpf's messages with --verbose).\n");
}

int main(int argc, char **argv)
{
  const char *prog_name = NULL, *file = NULL;
  void *data = NULL, *ctx = NULL;
  size_t data_len = 0, ctx_len = 0;
  long repeat = 1;
  int json = 0, alone = 0;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      int more = i + 1 < argc;
      if (!strcmp(a, "--prog") && more) prog_name = argv[++i];
      else if (!strcmp(a, "--alone")) alone = 1;
      else if (!strcmp(a, "--data") && more) data = read_file(argv[++i], &data_len);
      else if (!strcmp(a, "--data-hex") && more) data = parse_hex(argv[++i], &data_len);
      else if (!strcmp(a, "--ctx") && more) ctx = read_file(argv[++i], &ctx_len);
      else if (!strcmp(a, "--ctx-hex") && more) ctx = parse_hex(argv[++i], &ctx_len);
      else if (!strcmp(a, "--repeat") && more) repeat = atol(argv[++i]);
      else if (!strcmp(a, "--json")) json = 1;
      else if (!strcmp(a, "--verbose")) verbose = 1;
      else if (!strcmp(a, "--help")) { usage(stdout); return 0; }
      else if (a[0] == '-' && a[1]) { usage(stderr); return 2; }
      else if (!file) file = a;
      else { usage(stderr); return 2; }
    }
  if (!file)
    {
      usage(stderr);
      return 2;
    }
  if (repeat < 1)
    repeat = 1;
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(0, &set);
  sched_setaffinity(0, sizeof set, &set);
  libbpf_set_print(quiet_print);
  struct bpf_object *obj = bpf_object__open_file(file, NULL);
  if (!obj)
    {
      fprintf(stderr, "bpf-kload: error: %s: cannot open: %s\n", file, strerror(errno));
      return 1;
    }
  struct bpf_program *prog = NULL, *p;
  int nprogs = 0;
  bpf_object__for_each_program(p, obj)
    {
      nprogs++;
      if (prog_name ? !strcmp(bpf_program__name(p), prog_name) : !prog)
        prog = p;
    }
  if (!prog)
    {
      fprintf(stderr, "bpf-kload: error: %s: no program %s\n", file, prog_name ? prog_name : "");
      return 1;
    }
  if (!prog_name && nprogs > 1)
    {
      fprintf(stderr, "bpf-kload: error: %s: several programs, use --prog\n", file);
      return 1;
    }
  /* Every program is loaded (tail-call targets must exist); programs of
     types without a test run are simply never run.  --alone loads the
     program run and no other: an object of independent programs, one of
     which the verifier refuses (make bench-run's bench_branch).  */
  if (alone)
    bpf_object__for_each_program(p, obj)
      bpf_program__set_autoload(p, p == prog);
  int err = bpf_object__load(obj);
  if (err)
    {
      int status = bpfs_failure_status(1);
      fprintf(stderr, "bpf-kload: %s: %s: %s\n", file,
              status == 77 ? "the kernel does not let us load BPF" : "error: load failed",
              strerror(-err));
      if (status != 77)
        print_log_tail();
      return status;
    }
  int fd = bpf_program__fd(prog);
  size_t out_cap = data_len + 4096;
  unsigned char *out = calloc(1, out_cap);
  LIBBPF_OPTS(bpf_test_run_opts, opts);
  double run_ns = 0;   /* wall time of the test-run syscalls */
  for (long r = 0; r < repeat; r++)
    {
      opts.data_in = data;
      opts.data_size_in = data_len;
      opts.data_out = data ? out : NULL;
      opts.data_size_out = data ? out_cap : 0;
      opts.ctx_in = ctx;
      opts.ctx_size_in = ctx_len;
      /* no ctx_out and repeat 0: syscall programs refuse both */
      opts.ctx_out = NULL;
      opts.ctx_size_out = 0;
      opts.repeat = 0;
      struct timespec t0, t1;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      err = bpf_prog_test_run_opts(fd, &opts);
      clock_gettime(CLOCK_MONOTONIC, &t1);
      run_ns += (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
      if (err)
        {
          int e = errno, status = bpfs_failure_status(1);
          fprintf(stderr, "bpf-kload: %s: %s: %s\n", file,
                  status == 77 ? "the kernel does not let us run BPF" : "error: test run failed",
                  strerror(e));
          return status;
        }
    }
  if (json)
    {
      printf("{\"retval\":%d,\"data_out\":\"", (int)opts.retval);
      if (data)
        hex(out, opts.data_size_out);
      printf("\",\"duration_ns\":%u,\"run_ns\":%.0f,\"maps\":{", opts.duration, run_ns / repeat);
      /* maps sorted by the name printed, as bpf-run does */
      struct bpf_map *m, *list[1024];
      int nm = 0;
      bpf_object__for_each_map(m, obj)
        if (dumpable(bpf_map__type(m)) && nm < 1024)
          list[nm++] = m;
      qsort(list, nm, sizeof *list, cmp_map);
      for (int i = 0; i < nm; i++)
        dump_map(list[i], i == 0);
      printf("}}\n");
    }
  else
    printf("retval %d\n", (int)opts.retval);
  bpf_object__close(obj);
  return 0;
}
