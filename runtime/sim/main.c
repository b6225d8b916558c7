/* bpf-run: run BPF programs from ELF objects in a simulator whose results
   match the kernel's BPF_PROG_TEST_RUN.  See doc/bpf-run.md.  */
#include "sim/sim.h"
#include "sim/debug.h"

#include <errno.h>
#include <linux/bpf.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define VERSION "0.1"

static const char *progname = "bpf-run";
void helper_list(FILE *f);

static void usage(FILE *f)
{
  fprintf(f,
"usage: bpf-run [options] FILE [-- program arguments]\n"
"Run a BPF program from an ELF object (clang, bpf-gcc) or a bpf-ld executable.\n"
"  --prog NAME        program (function name) to run; default: the only one, or _start\n"
"  --type TYPE        program type: xdp socket tc kprobe tracepoint raw_tp syscall exec\n"
"  --data FILE        packet data (XDP, skb), as BPF_PROG_TEST_RUN's data_in\n"
"  --data-hex HEX     packet data as hex\n"
"  --ctx FILE         raw context (ctx_in)\n"
"  --ctx-hex HEX      raw context as hex\n"
"  --arg VALUE        kprobe argument (repeat for PARM1..5) or raw_tp argument\n"
"  --repeat N         run N times (maps persist)\n"
"  --json             print one JSON object: retval, insns, data_out, maps\n"
"  --trace            print every executed instruction with registers\n"
"  --trace=calls      print helper and bpf-to-bpf calls with arguments and results\n"
"  --trace=regs       print every executed instruction with the registers it changed\n"
"  --debug            source-level debugger (gdb commands; doc/debugging.md)\n"
"  -x FILE, --batch   debugger commands from FILE; --batch: exit after them\n"
"  --stats            print run time and instructions per second to stderr\n"
"  --max-insns N      instruction budget per run (default 100000000)\n"
"  --xbpf             accept GCC's xBPF extensions (also from e_flags)\n"
"  --stack-size N     bytes of stack per frame (default 512; executables and xBPF 16384)\n"
"  --max-depth N      maximum call depth (default 8; executables and xBPF 1024)\n"
"  --cpus N           simulated CPUs for per-CPU maps (default 1)\n"
"  --seed N           seed for bpf_get_prandom_u32\n"
"  --region-key N     key of the address tags (default: random per run)\n"
"  --clock NS         start of the virtual clock (ns); it advances 1 ns per insn\n"
"  --pid N --tgid N --uid N --gid N --comm NAME   current task identity\n"
"  --kconfig NAME=VALUE   value of a .kconfig extern\n"
"  --ringbuf-out FILE write ring buffer and perf records to FILE\n"
"  --list-helpers     list supported helpers\n"
"  --help, --version\n");
}

static void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
#include <stdarg.h>
static void die(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: error: ", progname);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

static void *xmalloc(size_t n)
{
  void *p = malloc(n ? n : 1);
  if (!p)
    die("out of memory (%zu bytes)", n);
  return p;
}

static void *xcalloc(size_t n, size_t size)
{
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    die("out of memory (%zu bytes)", n * size);
  return p;
}

/* Largest object file, and largest --data/--ctx file.  */
#define MAX_REPEAT 1000000000u
#define MAX_OBJECT_FILE (512u << 20)
#define MAX_INPUT_FILE (16u << 20)

/* Read PATH whole, at most MAX bytes: a regular file's size is checked
   before reading; other files (pipes, devices) are read up to MAX + 1
   bytes and refused beyond.  */
static uint8_t *read_all(const char *path, size_t *len, size_t max)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    die("%s: %s", path, strerror(errno));
  struct stat st;
  if (fstat(fileno(f), &st))
    die("%s: %s", path, strerror(errno));
  if (S_ISDIR(st.st_mode))
    die("%s: is a directory", path);
  if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > max)
    die("%s: file too large (%llu bytes; at most %zu)", path, (unsigned long long)st.st_size, max);
  size_t cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 1 : 4096, n = 0;
  uint8_t *b = xmalloc(cap);
  size_t k;
  while ((k = fread(b + n, 1, cap - n, f)) > 0)
    {
      n += k;
      if (n > max)
        die("%s: file too large (more than %zu bytes)", path, max);
      if (n == cap)
        {
          cap = cap > max / 2 ? max + 1 : cap * 2;
          uint8_t *nb = realloc(b, cap);
          if (!nb)
            die("%s: out of memory (%zu bytes)", path, cap);
          b = nb;
        }
    }
  if (ferror(f))
    die("%s: read error", path);
  fclose(f);
  *len = n;
  return b;
}

static uint8_t *parse_hex(const char *s, size_t *len)
{
  size_t n = strlen(s);
  uint8_t *b = xmalloc(n / 2 + 1);
  size_t k = 0;
  for (size_t i = 0; s[i];)
    {
      if (s[i] == ' ' || s[i] == ':' || s[i] == '\n')
        {
          i++;
          continue;
        }
      int hi = -1, lo = -1;
      char c = s[i], d = s[i + 1];
      if (c >= '0' && c <= '9') hi = c - '0'; else if (c >= 'a' && c <= 'f') hi = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') hi = c - 'A' + 10;
      if (d >= '0' && d <= '9') lo = d - '0'; else if (d >= 'a' && d <= 'f') lo = d - 'a' + 10;
      else if (d >= 'A' && d <= 'F') lo = d - 'A' + 10;
      if (hi < 0 || lo < 0)
        {
          free(b);
          die("not a hex string: %s", s);
        }
      b[k++] = hi << 4 | lo;
      i += 2;
    }
  *len = k;
  return b;
}

/* An unsigned option value in [LO, HI]: no sign, no trailing text.  */
static uint64_t num_range(const char *s, const char *opt, uint64_t lo, uint64_t hi)
{
  char *e;
  errno = 0;
  const char *p = s;
  while (*p == ' ' || *p == '\t')
    p++;
  if (*p == '-' || *p == '+')
    die("%s: '%s' is not a number between %llu and %llu", opt, s,
        (unsigned long long)lo, (unsigned long long)hi);
  unsigned long long v = strtoull(p, &e, 0);
  if (errno || *e || !*p)
    die("%s: bad number '%s'", opt, s);
  if (v < lo || v > hi)
    die("%s: %s is out of range (%llu..%llu)", opt, s, (unsigned long long)lo, (unsigned long long)hi);
  return v;
}

static uint64_t num(const char *s, const char *opt)
{
  char *e;
  errno = 0;
  unsigned long long v = strtoull(s, &e, 0);
  if (*s == '-')
    v = (unsigned long long)strtoll(s, &e, 0);
  if (errno || *e || !*s)
    die("%s: bad number '%s'", opt, s);
  return v;
}

static void hex(FILE *f, const uint8_t *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    fprintf(f, "%02x", p[i]);
}

static int is_skb_type(uint32_t t)
{
  return t == BPF_PROG_TYPE_SOCKET_FILTER || t == BPF_PROG_TYPE_SCHED_CLS
         || t == BPF_PROG_TYPE_SCHED_ACT || t == BPF_PROG_TYPE_CGROUP_SKB
         || t == BPF_PROG_TYPE_LWT_IN || t == BPF_PROG_TYPE_LWT_OUT
         || t == BPF_PROG_TYPE_LWT_XMIT;
}

struct setup {
  uint8_t *data; size_t data_len;
  uint8_t *ctx_in; size_t ctx_len;
  uint64_t args[8]; int nargs;
  int argc; char **argv;
};

/* Build the packet and context for one run (the kernel re-creates them
   for each BPF_PROG_TEST_RUN).  Returns r1.  */
static uint64_t prepare(struct vm *vm, struct setup *s, const char *file)
{
  uint32_t t = vm->prog_type;
  if (vm->ctx_reg)
    vm_region_free(vm, vm->ctx_reg);
  if (vm->pkt_reg)
    vm_region_free(vm, vm->pkt_reg);
  vm->ctx_reg = vm->pkt_reg = 0;
  free(vm->pkt);
  vm->pkt = NULL;
  vm->ctx = NULL;
  if (t == BPF_PROG_TYPE_XDP)
    {
      if (s->data_len < 14)
        die("%s: XDP needs --data of at least 14 bytes (the kernel refuses less)", file);
      if (s->data_len > 4096 - 256 - 320)
        die("%s: XDP --data larger than %d bytes", file, 4096 - 256 - 320);
      vm->pkt_cap = 4096;
      vm->pkt = xcalloc(1, vm->pkt_cap);
      vm->pkt_hard_start = 0;
      vm->pkt_data = vm->pkt_meta = 256;
      vm->pkt_end = 256 + s->data_len;
      memcpy(vm->pkt + 256, s->data, s->data_len);
      vm->pkt_reg = vm_region_new(vm, vm->pkt, vm->pkt_cap, 0, "packet", 0);
      vm->reg[vm->pkt_reg].lo = vm->pkt_meta;
      vm->reg[vm->pkt_reg].hi = vm->pkt_end;
      vm->ctx_size = sizeof(struct xdp_md);
      vm->ctx = xcalloc(1, 64);
      struct xdp_md *x = (struct xdp_md *)vm->ctx;
      x->ingress_ifindex = 1;
      if (s->ctx_in)
        {
          if (s->ctx_len != sizeof(struct xdp_md))
            die("%s: --ctx for XDP must be a struct xdp_md (%zu bytes)", file, sizeof(struct xdp_md));
          memcpy(vm->ctx, s->ctx_in, s->ctx_len);
        }
      vm->ctx_reg = vm_region_new(vm, vm->ctx, vm->ctx_size, RG_CTX, "xdp_md context", 1);
      return vm_addr(vm, vm->ctx_reg, 0);
    }
  if (is_skb_type(t))
    {
      if (s->data_len < 14)
        die("%s: this program type needs --data of at least 14 bytes", file);
      uint32_t head = 64;
      vm->pkt_cap = head + s->data_len + 64;
      vm->pkt = xcalloc(1, vm->pkt_cap);
      memcpy(vm->pkt + head, s->data, s->data_len);
      int is_l2 = t == BPF_PROG_TYPE_SCHED_CLS || t == BPF_PROG_TYPE_SCHED_ACT || t == BPF_PROG_TYPE_LWT_XMIT;
      vm->skb_l2_pull = is_l2 ? 0 : 14;
      vm->pkt_hard_start = 0;
      vm->pkt_data = vm->pkt_meta = head + vm->skb_l2_pull;
      vm->pkt_end = head + s->data_len;
      vm->pkt_reg = vm_region_new(vm, vm->pkt, vm->pkt_cap, 0, "packet", 0);
      vm->reg[vm->pkt_reg].lo = vm->pkt_data;
      vm->reg[vm->pkt_reg].hi = vm->pkt_end;
      vm->ctx_size = sizeof(struct __sk_buff);
      vm->ctx = xcalloc(1, sizeof(struct __sk_buff) + 8);
      struct __sk_buff *k = (struct __sk_buff *)vm->ctx;
      if (s->ctx_in)
        {
          if (s->ctx_len > sizeof(struct __sk_buff))
            die("%s: --ctx larger than struct __sk_buff", file);
          memcpy(k, s->ctx_in, s->ctx_len);
        }
      const uint8_t *eth = s->data;
      memcpy(&k->protocol, eth + 12, 2);
      k->protocol &= 0xffff;
      /* eth_type_trans on the loopback device (broadcast address zero) */
      if (eth[0] & 1)
        k->pkt_type = 2;
      else if (memcmp(eth, "\0\0\0\0\0\0", 6))
        k->pkt_type = 3;
      else
        k->pkt_type = 0;
      k->ifindex = 1;
      /* the kernel's test run hands back the pulled L2 header as zeros */
      if (vm->skb_l2_pull)
        memset(vm->pkt + head, 0, vm->skb_l2_pull);
      k->len = vm->pkt_end - vm->pkt_data;
      if (!k->wire_len)
        k->wire_len = 0;
      vm->ctx_reg = vm_region_new(vm, vm->ctx, vm->ctx_size, RG_CTX, "__sk_buff context", 1);
      return vm_addr(vm, vm->ctx_reg, 0);
    }
  if (t == BPF_PROG_TYPE_KPROBE)
    {
      vm->ctx_size = 21 * 8;   /* x86-64 struct pt_regs */
      vm->ctx = xcalloc(1, vm->ctx_size);
      static const int parm[5] = { 14, 13, 12, 11, 9 };  /* di si dx cx r8 */
      if (s->ctx_in)
        memcpy(vm->ctx, s->ctx_in, s->ctx_len < (size_t)vm->ctx_size ? s->ctx_len : (size_t)vm->ctx_size);
      for (int i = 0; i < s->nargs && i < 5; i++)
        memcpy(vm->ctx + parm[i] * 8, &s->args[i], 8);
      vm->ctx_reg = vm_region_new(vm, vm->ctx, vm->ctx_size, RG_RO, "pt_regs context", 1);
      return vm_addr(vm, vm->ctx_reg, 0);
    }
  if (t == BPF_PROG_TYPE_RAW_TRACEPOINT || t == BPF_PROG_TYPE_RAW_TRACEPOINT_WRITABLE
      || t == BPF_PROG_TYPE_TRACING)
    {
      vm->ctx_size = s->ctx_in ? s->ctx_len : 8u * (uint32_t)(s->nargs ? s->nargs : 1);
      vm->ctx = xcalloc(1, vm->ctx_size + 8);
      if (s->ctx_in)
        memcpy(vm->ctx, s->ctx_in, s->ctx_len);
      else
        memcpy(vm->ctx, s->args, 8 * s->nargs);
      vm->ctx_reg = vm_region_new(vm, vm->ctx, vm->ctx_size, RG_RO, "raw tracepoint arguments", 1);
      return vm_addr(vm, vm->ctx_reg, 0);
    }
  if (vm->obj->is_exec && t == 0)
    {
      /* argc in r1, argv in r2: a region holding the pointer array and
         the strings */
      size_t total = 8 * (s->argc + 1);
      for (int i = 0; i < s->argc; i++)
        total += strlen(s->argv[i]) + 1;
      vm->ctx_size = total;
      vm->ctx = xcalloc(1, total + 8);
      vm->ctx_reg = vm_region_new(vm, vm->ctx, total, 0, "argv", 1);
      size_t off = 8 * (s->argc + 1);
      for (int i = 0; i < s->argc; i++)
        {
          uint64_t a = vm_addr(vm, vm->ctx_reg, off);
          memcpy(vm->ctx + 8 * i, &a, 8);
          strcpy((char *)vm->ctx + off, s->argv[i]);
          off += strlen(s->argv[i]) + 1;
        }
      return s->argc;
    }
  /* syscall, tracepoint and others: the raw ctx_in buffer */
  if (!s->ctx_in)
    {
      vm->ctx_size = 0;
      return 0;
    }
  vm->ctx_size = s->ctx_len;
  vm->ctx = xcalloc(1, s->ctx_len + 8);
  memcpy(vm->ctx, s->ctx_in, s->ctx_len);
  vm->ctx_reg = vm_region_new(vm, vm->ctx, s->ctx_len,
                              t == BPF_PROG_TYPE_SYSCALL ? 0 : RG_RO, "context", 1);
  return vm_addr(vm, vm->ctx_reg, 0);
}

/* --debug: one run's packet, context and arguments (debug.c calls it).  */
static void debug_prepare(struct vm *vm, void *arg, uint64_t args[5])
{
  memset(args, 0, 5 * sizeof *args);
  args[0] = prepare(vm, arg, vm->obj->name);
  if (vm->obj->is_exec && vm->prog_type == BPF_PROG_TYPE_UNSPEC)
    args[1] = vm->ctx_reg ? vm_addr(vm, vm->ctx_reg, 0) : 0;
}

static void print_fault(struct vm *vm, const char *file)
{
  const struct elo_object *o = vm->obj;
  uint32_t pc = vm->fault_pc;
  const struct elo_func *f = elo_func_at(o, pc);
  const struct elo_line *l = elo_line_at(o, pc);
  fprintf(stderr, "%s: error: %s at pc %u", file, vm->errmsg, f ? pc - f->start : pc);
  if (f)
    fprintf(stderr, " in function %s", f->name);
  if (l && l->file && *l->file)
    {
      const char *b = strrchr(l->file, '/');
      fprintf(stderr, " (%s:%u)", b ? b + 1 : l->file, l->line);
    }
  fputc('\n', stderr);
}

struct mapref { const char *name; struct smap *m; };
static int mref_cmp(const void *a, const void *b)
{
  return strcmp(((const struct mapref *)a)->name, ((const struct mapref *)b)->name);
}

/* Everything a run holds, freed at exit on every path (errors exit from
   deep inside option parsing and set-up), so that LeakSanitizer stays
   quiet and the frees are exercised.  */
static struct setup s;
static struct vm vm;
static int vm_live;
static struct elo_object *obj;

static void free_all(void)
{
  if (vm_live)
    vm_free(&vm);
  vm_live = 0;
  elo_close(obj);
  obj = NULL;
  free(s.data);
  free(s.ctx_in);
  free(s.argv);
  memset(&s, 0, sizeof s);
}

/* --ringbuf-out: opened after the options, once the inputs are known.  An
   output that is one of the inputs is refused: opening it truncates the
   object (or data) before it is read.  A device or FIFO is written
   through; what reaches it is checked at the end (close_outputs).  */
static FILE *ringbuf_file;
static const char *ringbuf_name;

static void open_ringbuf_out(struct vm_opts *opt, const char *path, const char *inputs[3])
{
  struct stat so, si;
  if (stat(path, &so) == 0)
    for (int k = 0; k < 3; k++)
      if (inputs[k] && stat(inputs[k], &si) == 0 && S_ISREG(si.st_mode) && si.st_ino != 0
          && si.st_ino == so.st_ino && si.st_dev == so.st_dev)
        die("--ringbuf-out %s: the same file as the input %s", path, inputs[k]);
  ringbuf_file = fopen(path, "w");
  if (!ringbuf_file)
    die("%s: %s", path, strerror(errno));
  ringbuf_name = path;
  opt->ringbuf_out = ringbuf_file;
}

/* Records and results lost to a full disk (or /dev/full) are an error,
   never exit status 0: flush --ringbuf-out and standard output, check.  */
static int close_outputs(int rc)
{
  if (ringbuf_file)
    {
      int bad = fflush(ringbuf_file) != 0 || ferror(ringbuf_file);
      int err = errno;
      if (fclose(ringbuf_file) != 0 && !bad)
        bad = 1, err = errno;
      ringbuf_file = NULL;
      if (bad)
        {
          fprintf(stderr, "%s: error: writing --ringbuf-out %s: %s\n", progname, ringbuf_name,
                  strerror(err));
          rc = 2;
        }
    }
  if (fflush(stdout) != 0 || ferror(stdout))
    {
      fprintf(stderr, "%s: error: writing standard output: %s\n", progname, strerror(errno));
      rc = 2;
    }
  return rc;
}

static int run_main(int argc, char **argv);

int main(int argc, char **argv)
{
  return close_outputs(run_main(argc, argv));
}

static int run_main(int argc, char **argv)
{
  const char *file = NULL, *prog = NULL, *type = NULL;
  const char *ringbuf_path = NULL, *data_path = NULL, *ctx_path = NULL;
  atexit(free_all);
  struct vm_opts opt;
  struct dbg_opts dopt = {0};
  memset(&opt, 0, sizeof opt);
  opt.max_insns = 100000000;
  opt.stack_size = 512;
  opt.max_depth = 8;
  opt.ncpus = 1;
  opt.pid_tgid = (uint64_t)4242 << 32 | 4242;
  opt.uid_gid = 0;
  snprintf(opt.comm, sizeof opt.comm, "bpf-run");
  opt.clock_ns = 1000000000ull;
  long repeat = 1;
  int json = 0, stats = 0;
  const char *kconfig[64];
  int nkconfig = 0;
  int i;
  for (i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define OPT(n) (!strcmp(a, n) && (v || (die("option %s needs a value", n), 0)) && (i++, 1))
      if (!strcmp(a, "--"))
        {
          i++;
          break;
        }
      else if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
      else if (!strcmp(a, "--version")) { printf("bpf-run %s (bpfsupport)\n", VERSION); return 0; }
      else if (!strcmp(a, "--list-helpers")) { helper_list(stdout); return 0; }
      else if (!strcmp(a, "--json")) json = opt.json = 1;
      else if (!strcmp(a, "--trace")) opt.trace = 1;
      else if (!strcmp(a, "--xbpf")) opt.xbpf = 1;
      else if (!strcmp(a, "--stats")) stats = 1;
      else if (OPT("--prog")) prog = v;
      else if (OPT("--type")) type = v;
      else if (OPT("--data")) { data_path = v; free(s.data); s.data = NULL; s.data = read_all(v, &s.data_len, MAX_INPUT_FILE); }
      else if (OPT("--data-hex")) { free(s.data); s.data = NULL; s.data = parse_hex(v, &s.data_len); }
      else if (OPT("--ctx")) { ctx_path = v; free(s.ctx_in); s.ctx_in = NULL; s.ctx_in = read_all(v, &s.ctx_len, MAX_INPUT_FILE); }
      else if (OPT("--ctx-hex")) { free(s.ctx_in); s.ctx_in = NULL; s.ctx_in = parse_hex(v, &s.ctx_len); }
      else if (OPT("--arg"))
        {
          if (s.nargs >= 8) die("too many --arg");
          s.args[s.nargs++] = num(v, a);
        }
      else if (OPT("--repeat")) repeat = (long)num_range(v, a, 1, MAX_REPEAT);
      else if (OPT("--max-insns")) opt.max_insns = num_range(v, a, 1, INT64_MAX);
      else if (OPT("--stack-size"))
        {
          opt.stack_size = num_range(v, a, 8, SIM_MAX_STACK_SIZE);
          opt.stack_size_set = 1;
          if (opt.stack_size % 8)
            die("--stack-size must be a multiple of 8 between 8 and %u", SIM_MAX_STACK_SIZE);
        }
      else if (OPT("--max-depth"))
        {
          opt.max_depth = num_range(v, a, 1, SIM_MAX_DEPTH);
          opt.max_depth_set = 1;
        }
      else if (OPT("--cpus")) opt.ncpus = num_range(v, a, 1, 256);
      else if (OPT("--seed")) opt.seed = num_range(v, a, 0, UINT64_MAX);
      else if (OPT("--region-key")) opt.region_key = num_range(v, a, 1, UINT64_MAX);
      else if (OPT("--clock")) opt.clock_ns = num_range(v, a, 0, UINT64_MAX);
      else if (OPT("--pid")) opt.pid_tgid = (opt.pid_tgid & ~0xffffffffull) | num_range(v, a, 0, UINT32_MAX);
      else if (OPT("--tgid")) opt.pid_tgid = (opt.pid_tgid & 0xffffffffull) | num_range(v, a, 0, UINT32_MAX) << 32;
      else if (OPT("--uid")) opt.uid_gid = (opt.uid_gid & ~0xffffffffull) | num_range(v, a, 0, UINT32_MAX);
      else if (OPT("--gid")) opt.uid_gid = (opt.uid_gid & 0xffffffffull) | num_range(v, a, 0, UINT32_MAX) << 32;
      else if (OPT("--comm")) snprintf(opt.comm, sizeof opt.comm, "%s", v);
      else if (OPT("--kconfig"))
        {
          if (nkconfig >= 64) die("too many --kconfig");
          kconfig[nkconfig++] = v;
        }
      else if (OPT("--ringbuf-out")) ringbuf_path = v;
      else if (debug_parse_opt(&dopt, argc, argv, &i))
        ;
      else if (a[0] == '-' && a[1])
        die("unknown option '%s' (see --help)", a);
      else if (!file)
        file = a;
      else
        {
          /* program arguments without -- */
          break;
        }
#undef OPT
    }
  if (!file)
    {
      usage(stderr);
      return 2;
    }
  if (ringbuf_path)
    open_ringbuf_out(&opt, ringbuf_path, (const char *[]){ file, data_path, ctx_path });
  s.argc = 1 + (argc - i);
  s.argv = xcalloc(s.argc + 1, sizeof *s.argv);
  s.argv[0] = (char *)file;
  for (int k = 1; k < s.argc; k++)
    s.argv[k] = argv[i + k - 1];

  size_t flen;
  uint8_t *buf = read_all(file, &flen, MAX_OBJECT_FILE);
  char err[1024];
  obj = elo_open(buf, flen, file, err, sizeof err);
  free(buf);
  if (!obj)
    {
      fprintf(stderr, "%s\n", err);
      return 2;
    }
  if (!obj->nprogs)
    {
      fprintf(stderr, "%s: error: no program found (no code section with a function)\n", file);
      return 2;
    }
  int pi = -1;
  if (prog)
    {
      for (uint32_t k = 0; k < obj->nprogs; k++)
        if (!strcmp(obj->progs[k].name, prog))
          pi = k;
      if (pi < 0)
        {
          /* also accept any function (e.g. a subprogram) by name */
          fprintf(stderr, "%s: error: no program '%s'; programs:", file, prog);
          for (uint32_t k = 0; k < obj->nprogs; k++)
            fprintf(stderr, " %s", obj->progs[k].name);
          fputc('\n', stderr);
          return 2;
        }
    }
  else if (obj->nprogs == 1)
    pi = 0;
  else
    {
      for (uint32_t k = 0; k < obj->nprogs; k++)
        if (!strcmp(obj->progs[k].name, "_start"))
          pi = k;
      if (pi < 0)
        {
          fprintf(stderr, "%s: error: %u programs, choose one with --prog:", file, obj->nprogs);
          for (uint32_t k = 0; k < obj->nprogs; k++)
            fprintf(stderr, " %s", obj->progs[k].name);
          fputc('\n', stderr);
          return 2;
        }
    }
  uint32_t ptype = obj->progs[pi].type;
  if (type)
    {
      if (elo_type_from_name(type, &ptype))
        die("unknown program type '%s'", type);
    }
  else if (ptype == 0 && !obj->is_exec)
    {
      fprintf(stderr, "%s: error: section '%s' of program '%s' has no known program type; use --type\n",
              file, obj->progs[pi].sec, obj->progs[pi].name);
      return 2;
    }

  vm_live = 1;
  if (vm_init(&vm, obj, &opt, err, sizeof err))
    {
      fprintf(stderr, "%s\n", err);
      return 2;
    }
  /* .kconfig values */
  for (int k = 0; k < nkconfig; k++)
    {
      const char *eq = strchr(kconfig[k], '=');
      if (!eq)
        die("--kconfig %s: expected NAME=VALUE", kconfig[k]);
      int found = 0;
      for (uint32_t e = 0; e < obj->nexterns; e++)
        if (strlen(obj->externs[e].name) == (size_t)(eq - kconfig[k])
            && !strncmp(obj->externs[e].name, kconfig[k], eq - kconfig[k]) && obj->kconfig_map >= 0)
          {
            uint64_t val;
            const char *vs = eq + 1;
            if (!strcmp(vs, "y")) val = 1;
            else if (!strcmp(vs, "m")) val = 2;
            else if (!strcmp(vs, "n")) val = 0;
            else val = num(vs, "--kconfig");
            struct smap *m = &vm.maps[obj->kconfig_map];
            uint32_t sz = obj->externs[e].size < 8 ? obj->externs[e].size : 8;
            memcpy(m->vals + obj->externs[e].off, &val, sz);
            found = 1;
          }
      if (!found)
        die("--kconfig: the object has no .kconfig extern '%.*s'", (int)(eq - kconfig[k]), kconfig[k]);
    }
  vm.prog_type = ptype;
  vm.prog = pi;
  if (maps_check_prog_arrays(&vm, err, sizeof err))
    {
      fprintf(stderr, "%s\n", err);
      return 2;
    }
  if (dopt.debug)
    return debug_main(&vm, file, pi, debug_prepare, &s, &dopt);
  uint64_t ret = 0;
  int status = 0;
  double run_ns = 0, min_ns = 1e300;
  uint64_t total_insns = 0;
  for (long r = 0; r < repeat; r++)
    {
      struct timespec t0, t1;
      uint64_t r1 = prepare(&vm, &s, file);
      uint64_t args[5] = { r1, 0, 0, 0, 0 };
      if (obj->is_exec && ptype == 0)
        args[1] = vm.ctx_reg ? vm_addr(&vm, vm.ctx_reg, 0) : 0;
      vm.insns = 0;
      vm.helper_bytes = 0;
      vm.tail_cnt = 0;
      vm.fp = vm_frame_fp(&vm, 0);
      memset(vm.frames, 0, 1);
      vm.depth = 0;
      memset(vm.stack, 0, vm.stack_total);
      clock_gettime(CLOCK_MONOTONIC, &t0);
      status = dopt.trace ? debug_trace_run(&vm, obj->progs[pi].start, args, &ret, dopt.trace)
                          : vm_run(&vm, obj->progs[pi].start, args, &ret);
      clock_gettime(CLOCK_MONOTONIC, &t1);
      double dt = (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
      run_ns += dt;
      if (dt < min_ns)
        min_ns = dt;
      total_insns += vm.insns;
      vm_end_run(&vm);
      if (status || vm.exited)
        break;
      vm.clock += vm.insns;
    }
  fflush(vm.out);
  if (stats)
    fprintf(stderr, "bpf-run: stats: runs %ld insns %llu run_ns %.0f ns_per_run %.0f min_ns %.0f "
            "minsns_per_s %.1f\n", repeat, (unsigned long long)total_insns, run_ns, run_ns / repeat,
            min_ns, run_ns > 0 ? total_insns / run_ns * 1000.0 : 0.0);
  if (status)
    {
      print_fault(&vm, file);
      if (vm.exit_code == 134)
        return 134;
      return 1;
    }
  if (obj->is_exec && ptype == 0)
    {
      int64_t code = vm.exited ? vm.exit_code : (int64_t)ret;
      if (json)
        printf("{\"retval\":%d,\"insns\":%llu,\"exit\":%d,\"data_out\":\"\",\"maps\":{}}\n",
               (int)(int32_t)code, (unsigned long long)vm.insns, (int)(code & 255));
      return (int)(code & 255);
    }
  if (vm.exited)
    ret = vm.exit_code;
  if (json)
    {
      printf("{\"retval\":%d,\"insns\":%llu,\"data_out\":\"", (int)(int32_t)ret,
             (unsigned long long)vm.insns);
      if (vm.pkt)
        {
          if (ptype == BPF_PROG_TYPE_XDP)
            hex(stdout, vm.pkt + vm.pkt_meta, vm.pkt_end - vm.pkt_meta);
          else
            hex(stdout, vm.pkt + vm.pkt_data - vm.skb_l2_pull, vm.pkt_end - vm.pkt_data + vm.skb_l2_pull);
        }
      printf("\",\"maps\":{");
      struct mapref *mr = xcalloc(vm.nmaps + 1, sizeof *mr);
      uint32_t nm = 0;
      for (uint32_t k = 0; k < vm.nmaps; k++)
        if (map_dumpable(&vm.maps[k]) && vm.maps[k].def.sec != -1)
          {
            mr[nm].name = vm.maps[k].name;
            mr[nm].m = &vm.maps[k];
            nm++;
          }
        else if (map_dumpable(&vm.maps[k]) && vm.maps[k].def.internal)
          {
            mr[nm].name = vm.maps[k].name;
            mr[nm].m = &vm.maps[k];
            nm++;
          }
      qsort(mr, nm, sizeof *mr, mref_cmp);
      for (uint32_t k = 0; k < nm; k++)
        {
          printf("%s\"", k ? "," : "");
          /* names come from the (untrusted) object: escape them */
          for (const unsigned char *c = (const unsigned char *)mr[k].name; *c; c++)
            if (*c == '"' || *c == '\\')
              printf("\\%c", *c);
            else if (*c < 0x20 || *c >= 0x7f)
              printf("\\u%04x", *c);
            else
              putchar(*c);
          printf("\":");
          map_dump_json(&vm, mr[k].m, stdout);
        }
      free(mr);
      printf("}}\n");
    }
  else
    printf("retval %d\n", (int)(int32_t)ret);
  return 0;
}
