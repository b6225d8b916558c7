/* testutil.h -- shared helpers of the BTF unit tests: one line per check,
   PASS/FAIL/UNSUPPORTED, exit status 0 unless crashed. */
#ifndef BTF_TESTUTIL_H
#define BTF_TESTUTIL_H

#include "btf.h"

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int t_failed;

static void check(int ok, const char *fmt, ...)
  __attribute__((format(printf, 2, 3)));
static void check(int ok, const char *fmt, ...)
{
  va_list ap;
  printf(ok ? "PASS: " : "FAIL: ");
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf("\n");
  fflush(stdout);
  if (!ok)
    t_failed++;
}

/* libbpf messages: shown as "# " comment lines when BTF_TEST_VERBOSE set */
static int libbpf_quiet(enum libbpf_print_level l, const char *f, va_list a)
{
  (void)l;
  if (!getenv("BTF_TEST_VERBOSE"))
    return 0;
  printf("# ");
  return vprintf(f, a);
}

static void t_init(void)
{
  libbpf_set_print(libbpf_quiet);
  setvbuf(stdout, NULL, _IOLBF, 0);
}

/* Raw BTF of B (finished with FLAGS); returns a libbpf btf or NULL. */
__attribute__((unused)) static struct btf *t_parse(struct btf_builder *b, unsigned flags,
                           void **raw, size_t *len)
{
  void *r = NULL, *e = NULL;
  size_t n = 0, en = 0;
  struct btf *btf;
  if (btfb_finish(b, flags) || btfb_write_raw(b, &r, &n, &e, &en)) {
    printf("# builder error: %s\n", btfb_error(b));
    return NULL;
  }
  free(e);
  btf = btf__new(r, (__u32)n);
  if (raw) {
    *raw = r;
    *len = n;
  } else
    free(r);
  if (!btf || libbpf_get_error(btf))
    return NULL;
  return btf;
}

/* Load raw BTF into the kernel: 1 loaded, 0 rejected (log in LOG),
   -1 unsupported (no permission / no BTF). */
static int t_kload(const void *raw, size_t len, char *log, size_t logsz)
{
  LIBBPF_OPTS(bpf_btf_load_opts, o);
  int fd;
  log[0] = 0;
  o.log_buf = log;
  o.log_size = (__u32)logsz;
  o.log_level = 1;
  fd = bpf_btf_load(raw, len, &o);
  if (fd >= 0) {
    close(fd);
    return 1;
  }
  if (errno == EPERM || errno == ENOSYS || errno == EOPNOTSUPP)
    return -1;
  if (errno == ENOSPC) { /* log too small: retry without a log */
    fd = bpf_btf_load(raw, len, NULL);
    if (fd >= 0) {
      close(fd);
      return 1;
    }
  }
  return 0;
}

/* Check that the kernel accepts B's raw BTF. */
__attribute__((unused)) static void t_kernel_accepts(struct btf_builder *b, const char *what)
{
  void *r = NULL;
  size_t n = 0;
  static char log[1 << 16];
  int k;
  if (btfb_write_raw(b, &r, &n, NULL, NULL)) {
    check(0, "kernel loads %s (builder: %s)", what, btfb_error(b));
    return;
  }
  k = t_kload(r, n, log, sizeof log);
  if (k < 0)
    printf("UNSUPPORTED: kernel loads %s (BTF loading not permitted)\n",
           what);
  else {
    check(k == 1, "kernel loads %s", what);
    if (k != 1)
      printf("# kernel log: %s\n", log);
  }
  free(r);
}

/* Check that the kernel rejects B's raw BTF. */
__attribute__((unused)) static void t_kernel_rejects(const void *r, size_t n, const char *what)
{
  static char log[1 << 16];
  int k = t_kload(r, n, log, sizeof log);
  if (k < 0)
    printf("UNSUPPORTED: kernel rejects %s (BTF loading not permitted)\n",
           what);
  else
    check(k == 0, "kernel rejects %s", what);
}

__attribute__((unused)) static const char *t_name(const struct btf *btf, const struct btf_type *t)
{
  return btf__name_by_offset(btf, t->name_off);
}

static int t_done(void)
{
  fflush(stdout);
  return 0;
}

#endif
