/* debug.c - bpf-run --debug: a source-level debugger with gdb's commands,
   and the --trace=calls / --trace=regs tracers.

   The debugger does not use the threaded interpreter: it runs its own
   single-step executor over the simulator's decoded instructions
   (vm->code, the same decoder and the same validity checks as a plain run)
   with the simulator's memory checks (vm_slow_load, vm_slow_store,
   vm_mem) and helpers (helper_get), so a program behaves exactly as in a
   plain run.  Call frames are kept here (the simulator's interpreter keeps
   them in locals), which gives backtraces, finish and next.

   Addresses are the simulator's: region << 32 | offset.  A pc is an
   instruction index in the loaded code (all code sections concatenated),
   shown with the function and offset as <func+N>.  See doc/debugging.md.  */
#include "sim/sim.h"
#include "sim/debug.h"
#include "insn.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef HAVE_READLINE
#include <readline/readline.h>
#include <readline/history.h>
#endif

const char *vm_op_name(uint16_t op);   /* interp.c */

/* Operations of the decoded form, by name (interp.c's list).  */
#include "sim/ops.h"
#define DOPS OPS

enum dop {
#define E(n) D_##n,
  DOPS(E)
#undef E
  D__COUNT
};
static const char *const dop_names[] = {
#define N(n) #n,
  DOPS(N)
#undef N
};

/* ---------------------------------------------------------------- state */

enum { BP_BREAK, BP_WATCH };
struct bp {
  int num, kind, temp, enabled, hits;
  uint32_t pc;
  char what[200];
  /* watchpoints */
  uint64_t addr;
  uint32_t size, type, bitoff, bitsz;
  int ptrs;
  uint8_t old[64];
  int valid;
  int fmt;
};

struct dframe {
  uint32_t call_pc;             /* the call instruction in the caller */
  uint64_t r6, r7, r8, r9, fp;  /* caller's registers at the call */
};

struct srcfile { char *path; char *text; char **lines; int n; int missing; };

struct dbg {
  struct vm *vm;
  struct elo_object *obj;
  const char *file;
  int prog;
  dbg_prepare_fn prep;
  void *parg;
  struct dbtf *btf;
  uint8_t *dop;                 /* per pc: enum dop */
  /* machine */
  uint64_t R[11];
  uint32_t pc;
  int state;                    /* 0 not running, 1 stopped, 2 faulted */
  struct dframe *fr;
  int nf;
  uint64_t base_fp;
  int trace;
  /* user state */
  struct bp *bps;
  int nbps, capbps, nextbp;
  struct disp { int num; char expr[256]; int fmt; int enabled; } disp[64];
  int ndisp, nextdisp;
  int sel;                      /* selected frame */
  int syntax;
  int valnum;
  struct srcfile src[8];
  int nsrc;
  const char *list_file;
  int list_line, list_valid;
  char lastcmd[512];
  int from_tty;
  int quit;
  int exit_status;
  int script_error;   /* an -x file was refused: bpf-run exits 2 */
};

static uint8_t *name_to_dop;   /* vm op number -> enum dop */
static volatile sig_atomic_t interrupted;   /* Ctrl-C on a terminal */

static void on_sigint(int sig)
{
  (void)sig;
  interrupted = 1;
}

static void dbg_err(struct dbg *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void dbg_err(struct dbg *d, const char *fmt, ...)
{
  (void)d;
  va_list ap;
  fflush(stdout);
  fputs("Error: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  fflush(stderr);
}

static const char *base_name(const char *p)
{
  const char *b = p ? strrchr(p, '/') : NULL;
  return b ? b + 1 : p ? p : "";
}

static int dbg_setup_ops(struct dbg *d)
{
  if (!name_to_dop)
    {
      name_to_dop = calloc(256, 1);
      for (int op = 0; op < 256; op++)
        {
          const char *n = vm_op_name(op);
          name_to_dop[op] = D_INVALID;
          for (int k = 0; k < D__COUNT; k++)
            if (!strcmp(n, dop_names[k]))
              name_to_dop[op] = k;
        }
    }
  d->dop = calloc(d->vm->ncode + 2, 1);
  for (uint32_t pc = 0; pc < d->vm->ncode + 2; pc++)
    d->dop[pc] = d->vm->code[pc].op < 256 ? name_to_dop[d->vm->code[pc].op] : D_INVALID;
  d->fr = calloc(d->vm->opt.max_depth + 1, sizeof *d->fr);
  return 0;
}

/* ---------------------------------------------------------------- lines */

static const struct elo_line *line_exact(struct dbg *d, uint32_t pc)
{
  const struct elo_object *o = d->obj;
  const struct elo_line *best = NULL;
  /* lines are sorted by insn; binary search the first >= pc */
  uint32_t lo = 0, hi = o->nlines;
  while (lo < hi)
    {
      uint32_t mid = (lo + hi) / 2;
      if (o->lines[mid].insn < pc)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (uint32_t i = lo; i < o->nlines && o->lines[i].insn == pc; i++)
    if (o->lines[i].line)   /* line 0: compiler-generated code */
      best = &o->lines[i];
  return best;
}

static const struct elo_line *line_at(struct dbg *d, uint32_t pc)
{
  const struct elo_line *l = elo_line_at(d->obj, pc);
  if (!l || l->line)
    return l;
  /* line 0 (compiler-generated code): the line before it in the function */
  const struct elo_func *f = elo_func_at(d->obj, pc);
  while (l > d->obj->lines && l->line == 0 && (!f || l[-1].insn >= f->start))
    l--;
  return l->line ? l : NULL;
}

static const char *func_name(struct dbg *d, uint32_t pc)
{
  const struct elo_func *f = elo_func_at(d->obj, pc);
  return f ? f->name : "??";
}

static struct srcfile *source(struct dbg *d, const char *path)
{
  if (!path || !*path)
    return NULL;
  for (int i = 0; i < d->nsrc; i++)
    if (!strcmp(d->src[i].path, path))
      return d->src[i].missing ? NULL : &d->src[i];
  if (d->nsrc == 8)
    return NULL;
  struct srcfile *s = &d->src[d->nsrc++];
  memset(s, 0, sizeof *s);
  s->path = strdup(path);
  /* the recorded path, then next to the object, then the current dir */
  char cand[3][1024];
  snprintf(cand[0], sizeof cand[0], "%s", path);
  const char *slash = strrchr(d->file, '/');
  snprintf(cand[1], sizeof cand[1], "%.*s%s", slash ? (int)(slash - d->file + 1) : 0, d->file, base_name(path));
  snprintf(cand[2], sizeof cand[2], "%s", base_name(path));
  FILE *f = NULL;
  for (int k = 0; k < 3 && !f; k++)
    f = fopen(cand[k], "r");
  if (!f)
    {
      s->missing = 1;
      return NULL;
    }
  size_t cap = 4096, n = 0, k;
  s->text = malloc(cap + 1);
  while ((k = fread(s->text + n, 1, cap - n, f)) > 0)
    {
      n += k;
      if (n == cap)
        {
          if (cap > (64u << 20))
            break;
          s->text = realloc(s->text, (cap *= 2) + 1);
        }
    }
  fclose(f);
  s->text[n] = 0;
  int nl = 1;
  for (size_t i = 0; i < n; i++)
    nl += s->text[i] == '\n';
  s->lines = calloc(nl + 1, sizeof *s->lines);
  char *p = s->text;
  s->n = 0;
  while (*p || s->n == 0)
    {
      s->lines[s->n++] = p;
      char *e = strchr(p, '\n');
      if (!e)
        break;
      *e = 0;
      p = e + 1;
      if (!*p)
        break;
    }
  return s;
}

/* Text of LINE of FILE: the source file, else the line text in .BTF.ext.  */
static const char *line_text(struct dbg *d, const char *file, uint32_t line)
{
  struct srcfile *s = source(d, file);
  if (s && line >= 1 && (int)line <= s->n)
    return s->lines[line - 1];
  const struct elo_object *o = d->obj;
  for (uint32_t i = 0; i < o->nlines; i++)
    if (o->lines[i].line == line && o->lines[i].file && file && !strcmp(o->lines[i].file, file)
        && o->lines[i].text && *o->lines[i].text)
      return o->lines[i].text;
  return NULL;
}

static void print_src_line(struct dbg *d, const char *file, uint32_t line)
{
  const char *t = line_text(d, file, line);
  if (t)
    printf("%u\t%s\n", line, t);
  else
    printf("%u\tin %s\n", line, base_name(file));
}

/* "func (file.c:12)" */
static void where_str(struct dbg *d, uint32_t pc, char *buf, size_t n)
{
  const struct elo_line *l = line_at(d, pc);
  if (l && l->file && *l->file)
    snprintf(buf, n, "%s (%s:%u)", func_name(d, pc), base_name(l->file), l->line);
  else
    snprintf(buf, n, "%s ()", func_name(d, pc));
}

static void show_location(struct dbg *d, uint32_t pc, int with_func, int with_pc)
{
  const struct elo_line *l = line_at(d, pc);
  if (with_func)
    {
      char w[256];
      where_str(d, pc, w, sizeof w);
      printf("%s\n", w);
    }
  if (l && l->file)
    {
      if (with_pc && !line_exact(d, pc))
        printf("pc %u\t", pc);
      print_src_line(d, l->file, l->line);
      d->list_file = l->file;
      d->list_line = l->line;
      d->list_valid = 0;
    }
  else
    {
      const struct elo_func *f = elo_func_at(d->obj, pc);
      printf("pc %u <%s+%u>\n", pc, f ? f->name : "??", f ? pc - f->start : pc);
    }
}

/* ---------------------------------------------------------------- memory */

/* Read for the debugger: no fault is recorded, contexts go through the
   simulator's context rules.  */
static int dbg_read(struct dbg *d, uint64_t addr, void *buf, size_t n)
{
  struct vm *vm = d->vm;
  uint32_t ri = vm_addr_region(vm, addr), off = (uint32_t)addr;
  if (n == 0)
    return 0;
  if (ri >= vm->nreg || n > 0xffffffffu)
    return -1;
  struct region *g = &vm->reg[ri];
  if ((g->flags & RG_DEAD) || (!g->host && !(g->flags & RG_CTX)) || off < g->lo || (uint64_t)off + n > g->hi)
    return -1;
  if (g->flags & RG_CTX)
    {
      int save = vm->fault;
      char msg[sizeof vm->errmsg];
      memcpy(msg, vm->errmsg, sizeof msg);
      uint8_t *b = buf;
      int bad = 0;
      for (size_t i = 0; i < n && !bad;)
        {
          uint64_t a = addr + i, v = 0;
          int sz = ((a & 3) == 0 && n - i >= 4) ? 4 : ((a & 1) == 0 && n - i >= 2) ? 2 : 1;
          if (vm_slow_load(vm, a, sz, &v))
            bad = 1;
          else
            memcpy(b + i, &v, sz);
          i += sz;
        }
      vm->fault = save;
      memcpy(vm->errmsg, msg, sizeof msg);
      return bad ? -1 : 0;
    }
  memcpy(buf, g->host + off, n);
  return 0;
}

static int dbg_write(struct dbg *d, uint64_t addr, const void *buf, size_t n)
{
  struct vm *vm = d->vm;
  uint32_t ri = vm_addr_region(vm, addr), off = (uint32_t)addr;
  if (ri >= vm->nreg)
    return -1;
  struct region *g = &vm->reg[ri];
  if ((g->flags & RG_DEAD) || !g->host || off < g->lo || (uint64_t)off + n > g->hi)
    return -1;
  if (g->flags & RG_CTX)
    {
      int save = vm->fault;
      for (size_t i = 0; i < n; i++)
        if (vm_slow_store(vm, addr + i, 1, ((const uint8_t *)buf)[i]))
          {
            vm->fault = save;
            return -1;
          }
      return 0;
    }
  memcpy(g->host + off, buf, n);
  return 0;
}

/* ---------------------------------------------------------------- executor */

enum { ST_OK = 0, ST_EXIT = 1, ST_FAULT = -1 };

static int xfault(struct dbg *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int xfault(struct dbg *d, const char *fmt, ...)
{
  struct vm *vm = d->vm;
  if (!vm->fault)
    {
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(vm->errmsg, sizeof vm->errmsg, fmt, ap);
      va_end(ap);
      vm->fault = 1;
    }
  vm->fault_pc = d->pc;
  return ST_FAULT;
}

static void trace_call_args(struct dbg *d, int indent, const char *name, const uint64_t *R, int nargs)
{
  FILE *f = d->vm->out;
  fprintf(f, "%*scall %s(", indent, "", name);
  for (int i = 1; i <= nargs; i++)
    fprintf(f, "%s0x%llx", i > 1 ? ", " : "", (unsigned long long)R[i]);
  fprintf(f, ")");
}

static void trace_where(struct dbg *d, uint32_t pc)
{
  char w[256];
  where_str(d, pc, w, sizeof w);
  fprintf(d->vm->out, " from %s\n", w);
}

static int push_call(struct dbg *d, uint32_t target)
{
  struct vm *vm = d->vm;
  if (d->nf + 1 >= vm->opt.max_depth)
    return xfault(d, "call depth exceeds %d frames", vm->opt.max_depth);
  if (d->trace == DBG_TRACE_CALLS)
    {
      char names[5][32];
      const struct elo_func *f = elo_func_at(d->obj, target);
      int np = f ? dbtf_func_params(d->btf, f->name, names) : -1;
      trace_call_args(d, 2 * (d->nf + 1), f ? f->name : "??", d->R, np < 0 ? 5 : np);
      trace_where(d, d->pc);
    }
  struct dframe *f = &d->fr[d->nf++];
  f->call_pc = d->pc;
  f->r6 = d->R[6]; f->r7 = d->R[7]; f->r8 = d->R[8]; f->r9 = d->R[9]; f->fp = d->R[10];
  d->R[10] = vm_frame_fp(vm, d->nf);
  d->pc = target;
  return ST_OK;
}

/* Execute the instruction at d->pc.  */
static int step1(struct dbg *d)
{
  struct vm *vm = d->vm;
  uint64_t *R = d->R;
  uint32_t pc = d->pc;
  if (pc >= vm->ncode + 2)
    return xfault(d, "execution ran past the end of the code");
  if (vm->insns >= vm->opt.max_insns)
    return xfault(d, "instruction budget of %llu exhausted (use --max-insns)",
                  (unsigned long long)vm->opt.max_insns);
  const struct xi *ip = &vm->code[pc];
  int op = d->dop[pc];
  vm->insns++;
#define DST R[ip->dst]
#define SRC R[ip->src]
#define IMM ((int64_t)ip->imm)
#define TARGET ((uint32_t)((const struct xi *)(intptr_t)ip->aux - vm->code))
  uint32_t next = pc + 1;
  uint64_t addr, v;
  switch (op)
    {
#define A64(n, e) \
    case D_##n##64_K: { uint64_t a = DST, b = (uint64_t)IMM; (void)a; DST = (e); break; } \
    case D_##n##64_X: { uint64_t a = DST, b = SRC; (void)a; DST = (e); break; }
#define A32(n, e) \
    case D_##n##32_K: { uint32_t a = DST, b = (uint32_t)ip->imm; (void)a; DST = (uint32_t)(e); break; } \
    case D_##n##32_X: { uint32_t a = DST, b = (uint32_t)SRC; (void)a; DST = (uint32_t)(e); break; }
    A64(ADD, a + b) A64(SUB, a - b) A64(MUL, a * b)
    A64(DIV, b ? a / b : 0) A64(MOD, b ? a % b : a)
    A64(SDIV, b == 0 ? 0 : (int64_t)b == -1 ? (uint64_t)0 - a : (uint64_t)((int64_t)a / (int64_t)b))
    A64(SMOD, b == 0 ? a : (int64_t)b == -1 ? 0 : (uint64_t)((int64_t)a % (int64_t)b))
    A64(OR, a | b) A64(AND, a & b) A64(LSH, a << (b & 63)) A64(RSH, a >> (b & 63))
    A64(ARSH, (uint64_t)((int64_t)a >> (b & 63))) A64(XOR, a ^ b) A64(MOV, b)
    A32(ADD, a + b) A32(SUB, a - b) A32(MUL, a * b)
    A32(DIV, b ? a / b : 0) A32(MOD, b ? a % b : a)
    A32(SDIV, b == 0 ? 0 : (int32_t)b == -1 ? 0u - a : (uint32_t)((int32_t)a / (int32_t)b))
    A32(SMOD, b == 0 ? a : (int32_t)b == -1 ? 0 : (uint32_t)((int32_t)a % (int32_t)b))
    A32(OR, a | b) A32(AND, a & b) A32(LSH, a << (b & 31)) A32(RSH, a >> (b & 31))
    A32(ARSH, (uint32_t)((int32_t)a >> (b & 31))) A32(XOR, a ^ b) A32(MOV, b)
    case D_NEG64: DST = (uint64_t)0 - DST; break;
    case D_NEG32: DST = (uint32_t)(0u - (uint32_t)DST); break;
    case D_MOVSX64_8: DST = (uint64_t)(int64_t)(int8_t)SRC; break;
    case D_MOVSX64_16: DST = (uint64_t)(int64_t)(int16_t)SRC; break;
    case D_MOVSX64_32: DST = (uint64_t)(int64_t)(int32_t)SRC; break;
    case D_MOVSX32_8: DST = (uint32_t)(int32_t)(int8_t)SRC; break;
    case D_MOVSX32_16: DST = (uint32_t)(int32_t)(int16_t)SRC; break;
    case D_LE16: DST = (uint16_t)DST; break;
    case D_LE32: DST = (uint32_t)DST; break;
    case D_LE64: break;
    case D_BE16: DST = __builtin_bswap16((uint16_t)DST); break;
    case D_BE32: DST = __builtin_bswap32((uint32_t)DST); break;
    case D_BE64: DST = __builtin_bswap64(DST); break;
    case D_JA: next = TARGET; break;
#define JC(n, cond) \
    case D_##n##_K: { uint64_t a = DST, b = (uint64_t)IMM; if (cond) next = TARGET; break; } \
    case D_##n##_X: { uint64_t a = DST, b = SRC; if (cond) next = TARGET; break; }
    JC(JEQ, a == b) JC(JNE, a != b) JC(JGT, a > b) JC(JGE, a >= b) JC(JLT, a < b) JC(JLE, a <= b)
    JC(JSGT, (int64_t)a > (int64_t)b) JC(JSGE, (int64_t)a >= (int64_t)b)
    JC(JSLT, (int64_t)a < (int64_t)b) JC(JSLE, (int64_t)a <= (int64_t)b) JC(JSET, a & b)
    JC(J32EQ, (uint32_t)a == (uint32_t)b) JC(J32NE, (uint32_t)a != (uint32_t)b)
    JC(J32GT, (uint32_t)a > (uint32_t)b) JC(J32GE, (uint32_t)a >= (uint32_t)b)
    JC(J32LT, (uint32_t)a < (uint32_t)b) JC(J32LE, (uint32_t)a <= (uint32_t)b)
    JC(J32SGT, (int32_t)a > (int32_t)b) JC(J32SGE, (int32_t)a >= (int32_t)b)
    JC(J32SLT, (int32_t)a < (int32_t)b) JC(J32SLE, (int32_t)a <= (int32_t)b)
    JC(J32SET, (uint32_t)a & (uint32_t)b)
    case D_LDDW: case D_LDDW_MAP: case D_LDDW_FUNC:
      DST = (uint64_t)ip->aux;
      next = pc + 2;
      break;
#define LD(n, type, ext) \
    case D_##n: \
      addr = SRC + ip->aux; \
      if (vm_slow_load(vm, addr, sizeof(type), &v)) return xfault(d, "?"); \
      DST = (v >> 32) && sizeof(type) < 8 ? v : (uint64_t)(ext)(type)v; \
      break;
    LD(LDX_B, uint8_t, uint64_t) LD(LDX_H, uint16_t, uint64_t) LD(LDX_W, uint32_t, uint64_t)
    LD(LDX_DW, uint64_t, uint64_t) LD(LDSX_B, int8_t, int64_t) LD(LDSX_H, int16_t, int64_t)
    LD(LDSX_W, int32_t, int64_t)
#define STO(n, type, val) \
    case D_##n: \
      addr = DST + ip->aux; \
      if (vm_slow_store(vm, addr, sizeof(type), (uint64_t)(type)(val))) return xfault(d, "?"); \
      break;
    STO(ST_B, uint8_t, ip->imm) STO(ST_H, uint16_t, ip->imm) STO(ST_W, uint32_t, ip->imm)
    STO(ST_DW, uint64_t, (int64_t)ip->imm) STO(STX_B, uint8_t, SRC) STO(STX_H, uint16_t, SRC)
    STO(STX_W, uint32_t, SRC) STO(STX_DW, uint64_t, SRC)
#define ATOM(n, type, body) \
    case D_##n: { \
      addr = DST + ip->aux; \
      uint8_t *p = vm_mem(vm, addr, sizeof(type), 1, "atomic operation"); \
      if (!p) return xfault(d, "?"); \
      type old_, new_; memcpy(&old_, p, sizeof old_); (void)new_; \
      body \
      break; }
#define AOP(n, type, opx, fetch) \
    ATOM(n, type, { new_ = old_ opx (type)SRC; memcpy(p, &new_, sizeof new_); if (fetch) SRC = (uint64_t)old_; })
    AOP(AADD_W, uint32_t, +, 0) AOP(AADD_DW, uint64_t, +, 0)
    AOP(AOR_W, uint32_t, |, 0) AOP(AOR_DW, uint64_t, |, 0)
    AOP(AAND_W, uint32_t, &, 0) AOP(AAND_DW, uint64_t, &, 0)
    AOP(AXOR_W, uint32_t, ^, 0) AOP(AXOR_DW, uint64_t, ^, 0)
    AOP(AFADD_W, uint32_t, +, 1) AOP(AFADD_DW, uint64_t, +, 1)
    AOP(AFOR_W, uint32_t, |, 1) AOP(AFOR_DW, uint64_t, |, 1)
    AOP(AFAND_W, uint32_t, &, 1) AOP(AFAND_DW, uint64_t, &, 1)
    AOP(AFXOR_W, uint32_t, ^, 1) AOP(AFXOR_DW, uint64_t, ^, 1)
    ATOM(AXCHG_W, uint32_t, { new_ = (uint32_t)SRC; memcpy(p, &new_, 4); SRC = old_; })
    ATOM(AXCHG_DW, uint64_t, { new_ = SRC; memcpy(p, &new_, 8); SRC = old_; })
    ATOM(ACMPXCHG_W, uint32_t, { if (old_ == (uint32_t)R[0]) { new_ = (uint32_t)SRC; memcpy(p, &new_, 4); } R[0] = old_; })
    ATOM(ACMPXCHG_DW, uint64_t, { if (old_ == R[0]) { new_ = SRC; memcpy(p, &new_, 8); } R[0] = old_; })
    case D_LDABS_B: case D_LDABS_H: case D_LDABS_W:
    case D_LDIND_B: case D_LDIND_H: case D_LDIND_W:
      {
        int n = (op == D_LDABS_B || op == D_LDIND_B) ? 1 : (op == D_LDABS_H || op == D_LDIND_H) ? 2 : 4;
        int64_t o = op <= D_LDABS_W ? (int64_t)ip->imm
                                    : (int64_t)(int32_t)((uint32_t)SRC + (uint32_t)ip->imm);
        if (!vm->pkt || o < 0 || (uint64_t)o + n > (uint64_t)(vm->pkt_end - vm->pkt_data))
          {
            R[0] = 0;
            d->nf = 0;
            return ST_EXIT;
          }
        const uint8_t *q = vm->pkt + vm->pkt_data + o;
        R[0] = n == 1 ? q[0] : n == 2 ? (uint64_t)(q[0] << 8 | q[1])
             : ((uint64_t)q[0] << 24 | (uint64_t)q[1] << 16 | (uint64_t)q[2] << 8 | q[3]);
        break;
      }
    case D_CALL_HELPER:
      {
        helper_fn fn = helper_get(ip->imm);
        vm->cur_pc = pc;
        if (!fn)
          {
            const char *hn = helper_name(ip->imm);
            return xfault(d, "unknown helper %d%s%s%s", ip->imm, hn ? " (" : "", hn ? hn : "", hn ? ")" : "");
          }
        uint64_t save_fp = vm->fp;
        int save_depth = vm->depth;
        vm->fp = R[10];
        vm->depth = d->nf;
        if (d->trace == DBG_TRACE_CALLS)
          {
            const char *hn = helper_name(ip->imm);
            char buf[64];
            if (!hn)
              snprintf(buf, sizeof buf, "helper_%d", ip->imm);
            else
              snprintf(buf, sizeof buf, "%s", hn);
            trace_call_args(d, 2 * (d->nf + 1), buf, R, 5);
          }
        R[0] = fn(vm, R[1], R[2], R[3], R[4], R[5]);
        vm->fp = save_fp;
        vm->depth = save_depth;
        if (d->trace == DBG_TRACE_CALLS)
          {
            fprintf(vm->out, " = %lld", (long long)R[0]);
            trace_where(d, pc);
          }
        if (vm->fault)
          return xfault(d, "?");
        if (vm->exited)
          return ST_EXIT;
        if (vm->tail_prog)
          {
            next = vm->obj->progs[vm->tail_prog - 1].start;
            vm->tail_prog = 0;
            if (d->trace == DBG_TRACE_CALLS)
              fprintf(vm->out, "%*stail call to %s\n", 2 * (d->nf + 1), "", func_name(d, next));
          }
        break;
      }
    case D_CALL_LOCAL:
      return push_call(d, TARGET);
    case D_CALLX:
      {
        uint64_t t = R[ip->aux];
        uint32_t idx = (uint32_t)t;
        if (vm_addr_region(vm, t) != SIM_CODE_REGION)
          {
            int found = 0;
            for (uint32_t i = 0; i < vm->obj->ncsecs; i++)
              {
                const struct elo_codesec *c = &vm->obj->csecs[i];
                if (vm->obj->is_exec && t >= c->addr && t < c->addr + 8ull * c->n && (t - c->addr) % 8 == 0)
                  {
                    idx = c->base + (t - c->addr) / 8;
                    found = 1;
                  }
              }
            if (!found)
              return xfault(d, "indirect call to %#llx which is not a function", (unsigned long long)t);
          }
        if (idx >= vm->ncode)
          return xfault(d, "indirect call outside the code");
        return push_call(d, idx);
      }
    case D_EXIT:
      if (d->nf == 0)
        return ST_EXIT;
      {
        struct dframe *f = &d->fr[--d->nf];
        if (d->trace == DBG_TRACE_CALLS)
          fprintf(vm->out, "%*sreturn %lld from %s\n", 2 * (d->nf + 1), "", (long long)R[0], func_name(d, pc));
        R[6] = f->r6; R[7] = f->r7; R[8] = f->r8; R[9] = f->r9; R[10] = f->fp;
        next = f->call_pc + 1;
      }
      break;
    case D_CALL_KFUNC:
      return xfault(d, "kfunc calls are not supported (btf id %d)", ip->imm);
    case D_BADJUMP:
      return xfault(d, "jump or call outside the code");
    case D_FALLOFF:
      return xfault(d, "execution ran past the end of the code");
    case D_LDDW_MID:
      return xfault(d, "jump into the middle of an lddw instruction");
    default:
      {
        const struct elo_insn *in = &vm->obj->code[pc];
        return xfault(d, "invalid instruction (opcode %#04x, dst r%d, src r%d, off %d, imm %d)",
                      in->code, ELO_DST(in), ELO_SRC(in), in->off, in->imm);
      }
    }
  d->pc = next;
  return ST_OK;
#undef DST
#undef SRC
#undef IMM
#undef TARGET
}

static void start_machine(struct dbg *d, uint32_t entry, const uint64_t args[5])
{
  struct vm *vm = d->vm;
  memset(d->R, 0, sizeof d->R);
  for (int i = 0; i < 5; i++)
    d->R[i + 1] = args[i];
  vm->insns = 0;
  vm->tail_cnt = 0;
  vm->fault = 0;
  vm->exited = 0;
  vm->errmsg[0] = 0;
  vm->fp = vm_frame_fp(vm, 0);
  vm->depth = 0;
  memset(vm->stack, 0, vm->stack_total);
  d->R[10] = vm->fp;
  d->base_fp = vm->fp;
  d->pc = entry;
  d->nf = 0;
}

/* ---------------------------------------------------------------- tracing */

static void disasm(struct dbg *d, uint32_t pc, char *text, size_t n, int syntax);

int debug_trace_run(struct vm *vm, uint32_t entry, const uint64_t args[5], uint64_t *ret, int mode)
{
  static struct dbg d0;
  struct dbg *d = &d0;
  if (d->vm != vm)
    {
      memset(d, 0, sizeof *d);
      d->vm = vm;
      d->obj = vm->obj;
      d->file = vm->obj->name;
      d->btf = dbtf_open(vm->obj->name);
      dbg_setup_ops(d);
    }
  d->trace = mode;
  d->R[0] = 0;
  memset(d->R, 0, sizeof d->R);
  for (int i = 0; i < 5; i++)
    d->R[i + 1] = args[i];
  d->R[10] = vm->fp;
  d->pc = entry;
  d->nf = 0;
  if (mode == DBG_TRACE_CALLS)
    {
      char names[5][32];
      int np = dbtf_func_params(d->btf, func_name(d, entry), names);
      trace_call_args(d, 0, func_name(d, entry), d->R, np < 0 ? 1 : np);
      fputc('\n', vm->out);
    }
  for (;;)
    {
      uint64_t before[11];
      uint32_t pc = d->pc;
      memcpy(before, d->R, sizeof before);
      int r = step1(d);
      if (mode == DBG_TRACE_REGS)
        {
          char text[96];
          disasm(d, pc, text, sizeof text, BPF_SYNTAX_PSEUDOC);
          fprintf(vm->out, "%6u: %-32s", pc, text);
          for (int i = 0; i <= 10; i++)
            if (d->R[i] != before[i])
              fprintf(vm->out, " r%d=%#llx", i, (unsigned long long)d->R[i]);
          fputc('\n', vm->out);
        }
      if (r == ST_FAULT)
        {
          vm->fault_pc = pc;
          return -1;
        }
      if (r == ST_EXIT)
        {
          if (mode == DBG_TRACE_CALLS)
            fprintf(vm->out, "return %lld from %s\n", (long long)d->R[0], func_name(d, pc));
          *ret = d->R[0];
          return 0;
        }
    }
}

/* ---------------------------------------------------------------- values */

enum { LV_NONE, LV_MEM, LV_REG, LV_MAP };
struct val {
  int lv;
  uint32_t type;     /* BTF type; 0 with ptrs 0: an untyped long */
  int ptrs;          /* pointer levels on top of type */
  uint64_t v;        /* LV_NONE: the value */
  uint64_t addr;     /* LV_MEM */
  uint32_t bitoff, bitsz;
  int reg;           /* LV_REG */
  int map;           /* LV_MAP */
};

/* Nesting limit of the recursive-descent parser: a deeper expression is
   an error, not a stack overflow.  */
#define EX_MAX_DEPTH 200

struct ex { struct dbg *d; const char *s; char err[256]; int depth; };

static void exerr(struct ex *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void exerr(struct ex *e, const char *fmt, ...)
{
  if (e->err[0])
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->err, sizeof e->err, fmt, ap);
  va_end(ap);
}

static void norm(struct dbg *d, struct val *v)
{
  for (int i = 0; i < 16 && v->type; i++)
    {
      if (dbtf_kind(d->btf, v->type) != DK_PTR)
        break;
      v->type = dbtf_pointee(d->btf, v->type);
      v->ptrs++;
    }
}

static int64_t val_size(struct dbg *d, const struct val *v)
{
  if (v->ptrs || !v->type)
    return 8;
  return dbtf_size(d->btf, v->type);
}

static int val_kind(struct dbg *d, const struct val *v)
{
  if (v->ptrs)
    return DK_PTR;
  if (!v->type)
    return DK_INT;
  return dbtf_kind(d->btf, v->type);
}

/* Registers of the selected frame.  */
static int frame_reg(struct dbg *d, int r, uint64_t *out)
{
  if (d->sel < 0 || d->sel > d->nf)
    d->sel = 0;
  if (d->sel == 0)
    {
      *out = d->R[r];
      return 0;
    }
  const struct dframe *f = &d->fr[d->nf - d->sel];
  switch (r)
    {
    case 6: *out = f->r6; return 0;
    case 7: *out = f->r7; return 0;
    case 8: *out = f->r8; return 0;
    case 9: *out = f->r9; return 0;
    case 10: *out = f->fp; return 0;
    }
  return -1;
}

static uint32_t frame_pc(struct dbg *d, int k)
{
  if (k < 0 || k > d->nf)
    k = 0;
  return k == 0 ? d->pc : d->fr[d->nf - k].call_pc;
}

static int scalar(struct ex *e, const struct val *v, uint64_t *out)
{
  struct dbg *d = e->d;
  if (e->err[0])
    return -1;
  switch (v->lv)
    {
    case LV_NONE:
      *out = v->v;
      return 0;
    case LV_REG:
      if (d->state == 0)
        {
          exerr(e, "No registers.");
          return -1;
        }
      if (frame_reg(d, v->reg, out))
        {
          exerr(e, "value of r%d is not saved in frame %d", v->reg, d->sel);
          return -1;
        }
      return 0;
    case LV_MAP:
      exerr(e, "a map is not a scalar value (index it: MAP[key])");
      return -1;
    }
  int k = val_kind(d, v);
  if (k == DK_STRUCT || k == DK_UNION || k == DK_ARRAY)
    {
      if (k == DK_ARRAY)
        {
          *out = v->addr;   /* arrays decay to their address */
          return 0;
        }
      exerr(e, "a struct or union is not a scalar value");
      return -1;
    }
  int64_t sz = val_size(d, v);
  if (v->bitsz)
    {
      uint32_t first = v->bitoff / 8, last = (v->bitoff + v->bitsz - 1) / 8;
      uint8_t b[16] = {0};
      if (last - first >= 9 || dbg_read(d, v->addr + first, b, last - first + 1))
        {
          exerr(e, "Cannot access memory at address %#llx", (unsigned long long)v->addr);
          return -1;
        }
      unsigned __int128 w = 0;
      for (uint32_t i = 0; i <= last - first; i++)
        w |= (unsigned __int128)b[i] << (8 * i);
      uint64_t x = (uint64_t)(w >> (v->bitoff % 8));
      if (v->bitsz < 64)
        x &= (1ull << v->bitsz) - 1;
      if (dbtf_signed(d->btf, v->type) && v->bitsz < 64 && (x >> (v->bitsz - 1)) & 1)
        x |= ~((1ull << v->bitsz) - 1);
      *out = x;
      return 0;
    }
  if (sz <= 0 || sz > 8)
    {
      exerr(e, "value of %lld bytes is not a scalar", (long long)sz);
      return -1;
    }
  uint64_t x = 0;
  if (dbg_read(d, v->addr, &x, sz))
    {
      exerr(e, "Cannot access memory at address %#llx", (unsigned long long)v->addr);
      return -1;
    }
  if (sz < 8 && k != DK_PTR && dbtf_signed(d->btf, v->type) && (x >> (8 * sz - 1)) & 1)
    x |= ~((1ull << (8 * sz)) - 1);
  *out = x;
  return 0;
}

static void skipws(struct ex *e)
{
  while (isspace((unsigned char)*e->s))
    e->s++;
}

static int ident(struct ex *e, char *buf, size_t n)
{
  skipws(e);
  size_t k = 0;
  if (!(isalpha((unsigned char)*e->s) || *e->s == '_'))
    return 0;
  while (isalnum((unsigned char)*e->s) || *e->s == '_')
    {
      if (k + 1 < n)
        buf[k++] = *e->s;
      e->s++;
    }
  buf[k] = 0;
  return (int)k;
}

static int find_map(struct dbg *d, const char *name)
{
  for (uint32_t i = 0; i < d->vm->nmaps; i++)
    if (!strcmp(d->vm->maps[i].name, name) || !strcmp(d->vm->maps[i].def.name, name))
      return i;
  return -1;
}

static int reg_name(const char *s)
{
  if (s[0] == 'r' && isdigit((unsigned char)s[1]))
    {
      char *end;
      long r = strtol(s + 1, &end, 10);
      if (!*end && r >= 0 && r <= 10)
        return r;
    }
  if (!strcmp(s, "fp") || !strcmp(s, "sp"))
    return 10;
  if (!strcmp(s, "pc"))
    return 11;
  return -1;
}

static struct val expr(struct ex *e);
static struct val assign(struct ex *e);

static struct val mkint(uint64_t v)
{
  struct val r;
  memset(&r, 0, sizeof r);
  r.v = v;
  return r;
}

/* Variable NAME: a global (its data map), a map, an enum constant.  */
static int lookup_name(struct ex *e, const char *name, struct val *out)
{
  struct dbg *d = e->d;
  char sec[64];
  uint32_t off, type;
  memset(out, 0, sizeof *out);
  if (dbtf_find_var(d->btf, name, sec, sizeof sec, &off, &type) == 0 && strcmp(sec, ".maps"))
    {
      int mi = find_map(d, sec);
      if (mi < 0)
        {
          /* map names of data sections are truncated as the kernel's */
          for (uint32_t i = 0; i < d->vm->nmaps && mi < 0; i++)
            if (d->vm->maps[i].def.internal && !strncmp(d->vm->maps[i].name, sec, 15)
                && strlen(d->vm->maps[i].name) >= 15)
              mi = i;
        }
      struct smap *m = mi >= 0 ? &d->vm->maps[mi] : NULL;
      if (!m || !m->regs)
        {
          exerr(e, "the data section %s of '%s' is not loaded", sec, name);
          return -1;
        }
      out->lv = LV_MEM;
      out->addr = vm_addr(d->vm, m->regs[0], off);
      out->type = type;
      norm(d, out);
      return 0;
    }
  int mi = find_map(d, name);
  if (mi >= 0 && !d->vm->maps[mi].def.internal)
    {
      out->lv = LV_MAP;
      out->map = mi;
      return 0;
    }
  int64_t ev;
  if (dbtf_enum_const(d->btf, name, &ev, &type) == 0)
    {
      out->v = (uint64_t)ev;
      out->type = type;
      return 0;
    }
  return -1;
}

static struct val deref(struct ex *e, struct val p)
{
  struct val r;
  memset(&r, 0, sizeof r);
  if (p.lv == LV_MEM && !p.ptrs && val_kind(e->d, &p) == DK_ARRAY)
    {
      uint32_t el, n;
      dbtf_array(e->d->btf, p.type, &el, &n);
      r.lv = LV_MEM;
      r.addr = p.addr;
      r.type = el;
      norm(e->d, &r);
      return r;
    }
  if (!p.ptrs)
    {
      exerr(e, "Attempt to take contents of a non-pointer value.");
      return r;
    }
  if (!p.type && p.ptrs == 1)
    {
      exerr(e, "Attempt to take contents of a non-pointer value.");
      return r;
    }
  uint64_t a;
  if (scalar(e, &p, &a))
    return r;
  r.lv = LV_MEM;
  r.addr = a;
  r.type = p.type;
  r.ptrs = p.ptrs - 1;
  return r;
}

static struct val member(struct ex *e, struct val s, const char *name)
{
  struct val r;
  memset(&r, 0, sizeof r);
  int k = val_kind(e->d, &s);
  if (s.lv != LV_MEM || (k != DK_STRUCT && k != DK_UNION))
    {
      exerr(e, "Attempt to extract a component of a value that is not a structure.");
      return r;
    }
  uint32_t mt, bo, bs;
  if (dbtf_member(e->d->btf, s.type, name, &mt, &bo, &bs))
    {
      char tn[128];
      dbtf_type_name(e->d->btf, s.type, 0, tn, sizeof tn);
      exerr(e, "There is no member named %s.", name);
      return r;
    }
  r.lv = LV_MEM;
  r.type = mt;
  if (bs || bo % 8)
    {
      r.addr = s.addr;
      r.bitoff = bo;
      r.bitsz = bs ? bs : (uint32_t)(8 * dbtf_size(e->d->btf, mt));
    }
  else
    r.addr = s.addr + bo / 8;
  norm(e->d, &r);
  return r;
}

struct mapfind { const uint8_t *key; uint32_t ks; uint64_t addr; int found; };
static int mapfind_cb(struct vm *vm, struct smap *m, const uint8_t *key, uint64_t val_addr, void *arg)
{
  struct mapfind *f = arg;
  if (!memcmp(key, f->key, f->ks))
    {
      f->addr = val_addr;
      f->found = 1;
      return 1;
    }
  return 0;
}

static int map_indexable(const struct smap *m)
{
  return map_dumpable(m);
}

static struct val index_map(struct ex *e, struct val m, struct val k)
{
  struct dbg *d = e->d;
  struct val r;
  memset(&r, 0, sizeof r);
  struct smap *sm = &d->vm->maps[m.map];
  if (!map_indexable(sm))
    {
      exerr(e, "map '%s' cannot be indexed (not an array or hash map)", sm->name);
      return r;
    }
  uint8_t key[512];
  if (sm->ks > sizeof key)
    {
      exerr(e, "key of map '%s' is too large", sm->name);
      return r;
    }
  memset(key, 0, sizeof key);
  if (k.lv == LV_MEM && val_size(d, &k) == sm->ks && !k.bitsz)
    {
      if (dbg_read(d, k.addr, key, sm->ks))
        {
          exerr(e, "Cannot access memory at address %#llx", (unsigned long long)k.addr);
          return r;
        }
    }
  else
    {
      uint64_t kv;
      if (scalar(e, &k, &kv))
        return r;
      memcpy(key, &kv, sm->ks < 8 ? sm->ks : 8);
    }
  struct mapfind f = { key, sm->ks, 0, 0 };
  map_for_each(d->vm, sm, mapfind_cb, &f);
  if (!f.found)
    {
      struct sbuf b = {0};
      uint32_t kt = 0, vt = 0;
      dbtf_map_types(d->btf, sm->name, &kt, &vt);
      dbtf_format(d->btf, kt, key, sm->ks, 0, &b);
      exerr(e, "no element with key %s in map '%s'", b.p ? b.p : "?", sm->name);
      sb_free(&b);
      return r;
    }
  uint32_t kt = 0, vt = 0;
  dbtf_map_types(d->btf, sm->name, &kt, &vt);
  r.lv = LV_MEM;
  r.addr = f.addr;
  r.type = vt;
  if (!vt)
    {
      /* no BTF: the value as an array of bytes is shown raw */
      r.type = 0;
      r.ptrs = 0;
      r.bitsz = 0;
      r.map = -1 - (int)m.map;   /* marks a raw value of map */
    }
  norm(d, &r);
  return r;
}

static struct val postfix(struct ex *e, struct val v)
{
  for (;;)
    {
      skipws(e);
      if (e->err[0])
        return v;
      if (*e->s == '.' || (e->s[0] == '-' && e->s[1] == '>'))
        {
          int arrow = *e->s == '-';
          e->s += arrow ? 2 : 1;
          char name[128];
          if (!ident(e, name, sizeof name))
            {
              exerr(e, "A syntax error in expression, near `%s'.", e->s);
              return v;
            }
          if (arrow)
            v = deref(e, v);
          v = member(e, v, name);
          continue;
        }
      if (*e->s == '[')
        {
          e->s++;
          struct val k = assign(e);
          skipws(e);
          if (*e->s != ']')
            {
              exerr(e, "A syntax error in expression, near `%s'.", e->s);
              return v;
            }
          e->s++;
          if (v.lv == LV_MAP)
            {
              v = index_map(e, v, k);
              continue;
            }
          uint64_t i;
          if (scalar(e, &k, &i))
            return v;
          int kind = val_kind(e->d, &v);
          if (kind == DK_ARRAY && v.lv == LV_MEM)
            {
              uint32_t el, n;
              dbtf_array(e->d->btf, v.type, &el, &n);
              int64_t es = dbtf_size(e->d->btf, el);
              struct val r;
              memset(&r, 0, sizeof r);
              r.lv = LV_MEM;
              r.addr = v.addr + (int64_t)i * es;
              r.type = el;
              norm(e->d, &r);
              v = r;
              continue;
            }
          if (v.ptrs)
            {
              uint64_t base;
              if (scalar(e, &v, &base))
                return v;
              struct val t = v;
              t.ptrs--;
              int64_t es = val_size(e->d, &t);
              if (es <= 0)
                es = 1;
              struct val p = mkint(base + (int64_t)i * es);
              p.type = v.type;
              p.ptrs = v.ptrs;
              v = deref(e, p);
              continue;
            }
          exerr(e, "cannot subscript something of type `%s'", "long");
          return v;
        }
      return v;
    }
}

/* Try to parse "(type *)" at e->s; returns 1 with *type and *ptrs.  */
static int parse_cast(struct ex *e, uint32_t *type, int *ptrs)
{
  const char *save = e->s;
  skipws(e);
  if (*e->s != '(')
    return 0;
  e->s++;
  char name[160] = "";
  size_t k = 0;
  skipws(e);
  while (*e->s && *e->s != ')' && *e->s != '*' && k + 1 < sizeof name)
    name[k++] = *e->s++;
  while (k && name[k - 1] == ' ')
    k--;
  name[k] = 0;
  int np = 0;
  skipws(e);
  while (*e->s == '*' || *e->s == ' ')
    np += *e->s++ == '*';
  if (*e->s != ')' || !k)
    {
      e->s = save;
      return 0;
    }
  uint32_t t = 0;
  if (!strcmp(name, "void"))
    t = 0;
  else if (!strcmp(name, "long") || !strcmp(name, "unsigned long") || !strcmp(name, "u64"))
    {
      if (dbtf_find_type(e->d->btf, name, &t))
        t = 0;
    }
  else if (dbtf_find_type(e->d->btf, name, &t))
    {
      e->s = save;
      return 0;
    }
  e->s++;
  *type = t;
  *ptrs = np;
  if (!t && !np && strcmp(name, "long"))
    return 0;
  return 1;
}

static struct val unary1(struct ex *e);
static struct val unary(struct ex *e)
{
  if (e->depth >= EX_MAX_DEPTH)
    {
      struct val r;
      memset(&r, 0, sizeof r);
      exerr(e, "expression nested more than %d levels deep", EX_MAX_DEPTH);
      return r;
    }
  e->depth++;
  struct val v = unary1(e);
  e->depth--;
  return v;
}

static struct val unary1(struct ex *e)
{
  skipws(e);
  struct val r;
  memset(&r, 0, sizeof r);
  if (e->err[0])
    return r;
  if (*e->s == '-')
    {
      e->s++;
      struct val v = unary(e);
      uint64_t x;
      if (scalar(e, &v, &x))
        return r;
      return mkint(-x);
    }
  if (*e->s == '~')
    {
      e->s++;
      struct val v = unary(e);
      uint64_t x;
      if (scalar(e, &v, &x))
        return r;
      return mkint(~x);
    }
  if (*e->s == '*')
    {
      e->s++;
      struct val v = unary(e);
      if (e->err[0])
        return r;
      return deref(e, v);
    }
  if (*e->s == '&')
    {
      e->s++;
      struct val v = unary(e);
      if (e->err[0])
        return r;
      if (v.lv != LV_MEM || v.bitsz)
        {
          exerr(e, v.bitsz ? "Attempt to take address of value not located in memory."
                           : "Attempt to take address of value not located in memory.");
          return r;
        }
      r.v = v.addr;
      r.type = v.type;
      r.ptrs = v.ptrs + 1;
      return r;
    }
  uint32_t ct;
  int cp;
  if (parse_cast(e, &ct, &cp))
    {
      struct val v = unary(e);
      uint64_t x;
      if (scalar(e, &v, &x))
        return r;
      r.v = x;
      r.type = ct;
      r.ptrs = cp;
      norm(e->d, &r);
      return r;
    }
  if (*e->s == '(')
    {
      e->s++;
      struct val v = assign(e);
      skipws(e);
      if (*e->s != ')')
        {
          exerr(e, "A syntax error in expression, near `%s'.", e->s);
          return r;
        }
      e->s++;
      return postfix(e, v);
    }
  if (isdigit((unsigned char)*e->s))
    {
      char *end;
      errno = 0;
      unsigned long long x = strtoull(e->s, &end, 0);
      if (errno || isalpha((unsigned char)*end) || *end == '_')
        {
          exerr(e, "Invalid number \"%.*s\".", (int)strcspn(e->s, " )]+-*/"), e->s);
          return r;
        }
      e->s = end;
      return postfix(e, mkint(x));
    }
  if (*e->s == '\'' && e->s[1] && e->s[2] == '\'')
    {
      r = mkint((unsigned char)e->s[1]);
      e->s += 3;
      return r;
    }
  if (*e->s == '$')
    {
      e->s++;
      char name[64];
      if (!ident(e, name, sizeof name))
        {
          exerr(e, "A syntax error in expression, near `%s'.", e->s);
          return r;
        }
      int reg = reg_name(name);
      if (reg == 11)
        return mkint(frame_pc(e->d, e->d->sel));
      if (reg < 0)
        {
          exerr(e, "no register $%s (registers are $r0..$r10, $fp, $sp, $pc)", name);
          return r;
        }
      r.lv = LV_REG;
      r.reg = reg;
      return postfix(e, r);
    }
  char name[128];
  if (ident(e, name, sizeof name))
    {
      if (lookup_name(e, name, &r) == 0)
        return postfix(e, r);
      if (e->err[0])
        return r;
      int reg = reg_name(name);
      if (reg == 11)
        return mkint(frame_pc(e->d, e->d->sel));
      if (reg >= 0)
        {
          r.lv = LV_REG;
          r.reg = reg;
          return postfix(e, r);
        }
      exerr(e, "No symbol \"%s\" in current context.", name);
      return r;
    }
  if (!*e->s)
    exerr(e, "Argument required (expression to compute).");
  else
    exerr(e, "A syntax error in expression, near `%s'.", e->s);
  return r;
}

static struct val term(struct ex *e)
{
  struct val a = unary(e);
  for (;;)
    {
      skipws(e);
      char c = *e->s;
      if (e->err[0] || (c != '*' && c != '/' && c != '%'))
        return a;
      e->s++;
      struct val b = unary(e);
      uint64_t x, y;
      if (scalar(e, &a, &x) || scalar(e, &b, &y))
        return a;
      if ((c == '/' || c == '%') && y == 0)
        {
          exerr(e, "Division by zero");
          return a;
        }
      if ((int64_t)y == -1)   /* no INT64_MIN / -1 overflow */
        a = mkint(c == '*' ? x * y : c == '/' ? (uint64_t)0 - x : 0);
      else
        a = mkint(c == '*' ? x * y : c == '/' ? (uint64_t)((int64_t)x / (int64_t)y)
                                              : (uint64_t)((int64_t)x % (int64_t)y));
    }
}

static struct val sum(struct ex *e)
{
  struct val a = term(e);
  for (;;)
    {
      skipws(e);
      char c = *e->s;
      if (e->err[0] || (c != '+' && c != '-') || e->s[1] == '>')
        return a;
      e->s++;
      struct val b = term(e);
      uint64_t x, y;
      if (scalar(e, &a, &x) || scalar(e, &b, &y))
        return a;
      int64_t scale = 1;
      struct val res = mkint(0);
      if (a.ptrs && a.lv != LV_REG)
        {
          struct val t = a;
          t.ptrs--;
          scale = val_size(e->d, &t) > 0 ? val_size(e->d, &t) : 1;
          res.type = a.type;
          res.ptrs = a.ptrs;
        }
      res.v = c == '+' ? x + y * scale : x - y * scale;
      a = res;
    }
}

static struct val expr(struct ex *e)
{
  struct val a = sum(e);
  for (;;)
    {
      skipws(e);
      const char *s = e->s;
      int op = 0;
      if (!strncmp(s, "==", 2)) op = 1;
      else if (!strncmp(s, "!=", 2)) op = 2;
      else if (!strncmp(s, "<=", 2)) op = 3;
      else if (!strncmp(s, ">=", 2)) op = 4;
      else if (*s == '<') op = 5;
      else if (*s == '>') op = 6;
      if (!op || e->err[0])
        return a;
      e->s += op <= 4 ? 2 : 1;
      struct val b = sum(e);
      uint64_t x, y;
      if (scalar(e, &a, &x) || scalar(e, &b, &y))
        return a;
      int64_t sx = x, sy = y;
      a = mkint(op == 1 ? x == y : op == 2 ? x != y : op == 3 ? sx <= sy : op == 4 ? sx >= sy
                : op == 5 ? sx < sy : sx > sy);
    }
}

static void watch_refresh(struct dbg *d)
{
  for (int i = 0; i < d->nbps; i++)
    if (d->bps[i].kind == BP_WATCH)
      d->bps[i].valid = dbg_read(d, d->bps[i].addr, d->bps[i].old, d->bps[i].size) == 0;
}

static int store_mem(struct ex *e, struct val *l, uint64_t x);
static int store_val(struct ex *e, struct val *l, uint64_t x)
{
  int r = store_mem(e, l, x);
  if (r == 0)
    watch_refresh(e->d);   /* the debugger's own writes do not trigger */
  return r;
}

static int store_mem(struct ex *e, struct val *l, uint64_t x)
{
  struct dbg *d = e->d;
  if (l->lv == LV_REG)
    {
      if (d->state == 0)
        {
          exerr(e, "The program has no registers now.");
          return -1;
        }
      if (d->sel != 0)
        {
          exerr(e, "registers can only be set in frame 0");
          return -1;
        }
      if (l->reg == 10)
        {
          exerr(e, "r10 is read-only");
          return -1;
        }
      d->R[l->reg] = x;
      return 0;
    }
  if (l->lv != LV_MEM)
    {
      exerr(e, "Left operand of assignment is not an lvalue.");
      return -1;
    }
  int k = val_kind(d, l);
  if (k == DK_STRUCT || k == DK_UNION || k == DK_ARRAY)
    {
      exerr(e, "Invalid cast.");
      return -1;
    }
  if (l->bitsz)
    {
      uint32_t first = l->bitoff / 8, last = (l->bitoff + l->bitsz - 1) / 8;
      uint8_t b[16] = {0};
      if (last - first >= 9 || dbg_read(d, l->addr + first, b, last - first + 1))
        goto bad;
      unsigned __int128 w = 0;
      for (uint32_t i = 0; i <= last - first; i++)
        w |= (unsigned __int128)b[i] << (8 * i);
      unsigned __int128 mask = (((unsigned __int128)1 << l->bitsz) - 1) << (l->bitoff % 8);
      w = (w & ~mask) | (((unsigned __int128)x << (l->bitoff % 8)) & mask);
      for (uint32_t i = 0; i <= last - first; i++)
        b[i] = (uint8_t)(w >> (8 * i));
      if (dbg_write(d, l->addr + first, b, last - first + 1))
        goto bad;
      return 0;
    }
  int64_t sz = val_size(d, l);
  if (sz <= 0 || sz > 8 || dbg_write(d, l->addr, &x, sz))
    goto bad;
  return 0;
bad:
  exerr(e, "Cannot access memory at address %#llx", (unsigned long long)l->addr);
  return -1;
}

static struct val assign(struct ex *e)
{
  struct val l = expr(e);
  skipws(e);
  if (e->err[0] || *e->s != '=' || e->s[1] == '=')
    return l;
  e->s++;
  if (e->depth >= EX_MAX_DEPTH)
    {
      exerr(e, "expression nested more than %d levels deep", EX_MAX_DEPTH);
      return l;
    }
  e->depth++;
  struct val r = assign(e);
  e->depth--;
  uint64_t x;
  if (scalar(e, &r, &x))
    return l;
  store_val(e, &l, x);
  return l;
}

static int eval(struct dbg *d, const char *s, struct val *out, char *err, size_t errlen)
{
  struct ex e;
  memset(&e, 0, sizeof e);
  e.d = d;
  e.s = s;
  *out = assign(&e);
  skipws(&e);
  if (!e.err[0] && *e.s)
    exerr(&e, "A syntax error in expression, near `%s'.", e.s);
  if (e.err[0])
    {
      snprintf(err, errlen, "%s", e.err);
      return -1;
    }
  return 0;
}

/* Name of the global at a simulated address: " <origin+4>" or "".  */
static void sym_suffix(struct dbg *d, uint64_t addr, char *buf, size_t n)
{
  buf[0] = 0;
  uint32_t ri = vm_addr_region(d->vm, addr);
  if (ri == SIM_CODE_REGION)
    {
      const struct elo_func *f = elo_func_at(d->obj, (uint32_t)addr);
      if (f)
        snprintf(buf, n, " <%s>", f->name);
      return;
    }
  for (uint32_t i = 0; i < d->vm->nmaps; i++)
    {
      struct smap *m = &d->vm->maps[i];
      if (m->def.internal && m->regs && m->regs[0] == ri)
        {
          char name[128];
          uint32_t off;
          if (dbtf_var_at(d->btf, m->def.name, (uint32_t)addr, name, sizeof name, &off) == 0
              || dbtf_var_at(d->btf, m->name, (uint32_t)addr, name, sizeof name, &off) == 0)
            {
              if (off)
                snprintf(buf, n, " <%s+%u>", name, off);
              else
                snprintf(buf, n, " <%s>", name);
            }
          return;
        }
    }
}

struct mapdump { struct dbg *d; uint32_t kt, vt; int fmt; struct sbuf *out; int n; };
static int mapdump_cb(struct vm *vm, struct smap *m, const uint8_t *key, uint64_t val_addr, void *arg)
{
  struct mapdump *md = arg;
  uint8_t *buf = malloc(m->vs ? m->vs : 1);
  if (!buf)
    return 1;
  sb_printf(md->out, "%s[", md->n++ ? ", " : "");
  dbtf_format(md->d->btf, md->kt, key, m->ks, md->fmt, md->out);
  sb_printf(md->out, "] = ");
  if (dbg_read(md->d, val_addr, buf, m->vs))
    sb_printf(md->out, "<unreadable>");
  else
    dbtf_format(md->d->btf, md->vt, buf, m->vs, md->fmt, md->out);
  free(buf);
  return md->n >= 200;
}

/* Format a value as gdb's print does.  */
static int format_val(struct dbg *d, struct val *v, int fmt, struct sbuf *out, char *err, size_t errlen)
{
  struct ex e;
  memset(&e, 0, sizeof e);
  e.d = d;
  if (v->lv == LV_MAP)
    {
      struct smap *m = &d->vm->maps[v->map];
      if (!map_dumpable(m))
        {
          sb_printf(out, "<%s map, %u entries max>", elo_type_name(m->type) ? "map" : "map", m->max);
          return 0;
        }
      struct mapdump md = { d, 0, 0, fmt, out, 0 };
      dbtf_map_types(d->btf, m->name, &md.kt, &md.vt);
      sb_printf(out, "{");
      map_for_each(d->vm, m, mapdump_cb, &md);
      sb_printf(out, "}");
      return 0;
    }
  int k = val_kind(d, v);
  if (v->lv == LV_MEM && (k == DK_STRUCT || k == DK_UNION || k == DK_ARRAY || (v->map < 0)))
    {
      int64_t sz = v->map < 0 ? d->vm->maps[-1 - v->map].vs : val_size(d, v);
      if (sz < 0 || sz > (1 << 20))
        {
          snprintf(err, errlen, "value of unknown or too large size");
          return -1;
        }
      uint8_t *buf = malloc(sz ? sz : 1);
      if (dbg_read(d, v->addr, buf, sz))
        {
          free(buf);
          snprintf(err, errlen, "Cannot access memory at address %#llx", (unsigned long long)v->addr);
          return -1;
        }
      dbtf_format(d->btf, v->map < 0 ? 0 : v->type, buf, sz, fmt, out);
      free(buf);
      return 0;
    }
  uint64_t x;
  if (scalar(&e, v, &x))
    {
      snprintf(err, errlen, "%s", e.err);
      return -1;
    }
  if (v->ptrs)
    {
      char tn[160], sym[160];
      dbtf_type_name(d->btf, v->type ? v->type : 0, v->ptrs, tn, sizeof tn);
      if (!v->type)
        snprintf(tn, sizeof tn, "void %.*s", v->ptrs > 8 ? 8 : v->ptrs, "********");
      sym_suffix(d, x, sym, sizeof sym);
      sb_printf(out, "(%s) 0x%llx%s", tn, (unsigned long long)x, sym);
      return 0;
    }
  if (!v->type)
    {
      if (fmt == 'x')
        sb_printf(out, "0x%llx", (unsigned long long)x);
      else if (fmt == 'u')
        sb_printf(out, "%llu", (unsigned long long)x);
      else
        sb_printf(out, "%lld", (long long)x);
      return 0;
    }
  dbtf_format_scalar(d->btf, v->type, x, fmt, out);
  return 0;
}

/* ---------------------------------------------------------------- disasm */

static void disasm(struct dbg *d, uint32_t pc, char *text, size_t n, int syntax)
{
  const struct elo_object *o = d->obj;
  text[0] = 0;
  if (pc >= o->ncode)
    {
      snprintf(text, n, "<end of code>");
      return;
    }
  uint8_t raw[16];
  size_t len = pc + 1 < o->ncode ? 16 : 8;
  memcpy(raw, &o->code[pc], len);
  struct bpf_insn in;
  char target[96];
  const char *tg = NULL;
  if (bpf_insn_decode(raw, len, &in) > 0 && in.op)
    {
      if (in.code == 0x85 && in.src == ELO_CALL_LOCAL)
        {
          const struct elo_func *f = elo_func_at(o, (uint32_t)in.imm);
          if (f)
            {
              snprintf(target, sizeof target, "%s", f->name);
              tg = target;
            }
        }
      else if (in.code == 0x85 && in.src == 0 && helper_name(in.imm))
        {
          snprintf(target, sizeof target, "%s", helper_name(in.imm));
          tg = target;
        }
      else if (in.code == 0x18 && (in.src == ELO_LD_MAP || in.src == ELO_LD_MAP_VALUE)
               && in.imm >= 0 && (uint32_t)in.imm < d->vm->nmaps)
        {
          if (in.src == ELO_LD_MAP)
            snprintf(target, sizeof target, "%s", d->vm->maps[in.imm].name);
          else
            {
              char vn[64];
              uint32_t vo;
              const struct smap *m = &d->vm->maps[in.imm];
              if (m->def.internal && dbtf_var_at(d->btf, m->def.name, (uint32_t)in.imm2, vn, sizeof vn, &vo) == 0)
                snprintf(target, sizeof target, vo ? "%s+%u" : "%s", vn, vo);
              else
                snprintf(target, sizeof target, "%s+%d", m->name, in.imm2);
            }
          tg = target;
        }
      int k = bpf_insn_print(&in, syntax, tg, text, n);
      if (tg && !strstr(text, tg) && k > 0 && (size_t)k < n)
        snprintf(text + k, n - k, "\t; %s", tg);
    }
  else
    snprintf(text, n, ".insn %02x", raw[0]);
}

/* ---------------------------------------------------------------- locations */

/* Resolve a location: FUNC, FILE:LINE, LINE, *PC.  */
static int resolve_loc(struct dbg *d, const char *s, uint32_t *pc, char *err, size_t errlen)
{
  const struct elo_object *o = d->obj;
  while (isspace((unsigned char)*s))
    s++;
  if (!*s)
    {
      if (d->state)
        {
          *pc = frame_pc(d, d->sel);
          return 0;
        }
      snprintf(err, errlen, "No default breakpoint location now selected.");
      return -1;
    }
  if (*s == '*')
    {
      struct val v;
      uint64_t x;
      if (eval(d, s + 1, &v, err, errlen))
        return -1;
      struct ex e;
      memset(&e, 0, sizeof e);
      e.d = d;
      if (scalar(&e, &v, &x))
        {
          snprintf(err, errlen, "%s", e.err);
          return -1;
        }
      if (vm_addr_region(d->vm, x) == SIM_CODE_REGION)
        x = (uint32_t)x;
      if (x >= o->ncode)
        {
          snprintf(err, errlen, "pc %llu is outside the code (%u instructions)", (unsigned long long)x, o->ncode);
          return -1;
        }
      *pc = x;
      return 0;
    }
  const char *colon = strrchr(s, ':');
  const char *file = NULL;
  size_t flen = 0;
  const char *num = s;
  if (colon)
    {
      file = s;
      flen = colon - s;
      num = colon + 1;
    }
  char *end;
  long line = isdigit((unsigned char)*num) ? strtol(num, &end, 10) : -1;
  if (line >= 0 && (*end == 0 || isspace((unsigned char)*end)))
    {
      if (!file && d->list_file)
        {
          file = base_name(d->list_file);
          flen = strlen(file);
        }
      uint32_t best = UINT32_MAX, bestline = UINT32_MAX;
      int file_known = 0;
      for (uint32_t i = 0; i < o->nlines; i++)
        {
          const struct elo_line *l = &o->lines[i];
          if (!l->file)
            continue;
          if (file && !(strlen(l->file) == flen && !strncmp(l->file, file, flen))
              && !(strlen(base_name(l->file)) == flen && !strncmp(base_name(l->file), file, flen)))
            continue;
          file_known = 1;
          if (l->line >= (uint32_t)line && (l->line < bestline || (l->line == bestline && l->insn < best)))
            {
              best = l->insn;
              bestline = l->line;
            }
        }
      if (!file_known)
        {
          if (file)
            snprintf(err, errlen, "No source file named %.*s.", (int)flen, file);
          else
            snprintf(err, errlen, "No line number information available.");
          return -1;
        }
      if (best == UINT32_MAX)
        {
          snprintf(err, errlen, "Line %ld out of range; \"%.*s\" has no code at or after it.", line,
                   (int)flen, file);
          return -1;
        }
      *pc = best;
      return 0;
    }
  for (uint32_t i = 0; i < o->nfuncs; i++)
    if (!strcmp(o->funcs[i].name, s))
      {
        *pc = o->funcs[i].start;
        return 0;
      }
  snprintf(err, errlen, "Function \"%s\" not defined.", s);
  return -1;
}

/* ---------------------------------------------------------------- breakpoints */

static struct bp *bp_new(struct dbg *d, int kind)
{
  if (d->nbps == d->capbps)
    {
      d->capbps = d->capbps ? 2 * d->capbps : 8;
      d->bps = realloc(d->bps, d->capbps * sizeof *d->bps);
    }
  struct bp *b = &d->bps[d->nbps++];
  memset(b, 0, sizeof *b);
  b->num = ++d->nextbp;
  b->kind = kind;
  b->enabled = 1;
  return b;
}

static void bp_delete(struct dbg *d, int i)
{
  memmove(&d->bps[i], &d->bps[i + 1], (d->nbps - i - 1) * sizeof *d->bps);
  d->nbps--;
}

static struct bp *bp_at(struct dbg *d, uint32_t pc)
{
  for (int i = 0; i < d->nbps; i++)
    if (d->bps[i].kind == BP_BREAK && d->bps[i].enabled && d->bps[i].pc == pc)
      return &d->bps[i];
  return NULL;
}

static int watch_read(struct dbg *d, struct bp *b, uint8_t *buf)
{
  return dbg_read(d, b->addr, buf, b->size);
}

static void watch_value(struct dbg *d, struct bp *b, const uint8_t *bytes, struct sbuf *out)
{
  if (b->bitsz)
    {
      unsigned __int128 w = 0;
      for (uint32_t i = 0; i < b->size && i < 16; i++)
        w |= (unsigned __int128)bytes[i] << (8 * i);
      uint64_t x = (uint64_t)(w >> (b->bitoff % 8));
      if (b->bitsz < 64)
        x &= (1ull << b->bitsz) - 1;
      dbtf_format_scalar(d->btf, b->type, x, b->fmt, out);
      return;
    }
  if (b->ptrs || !b->type)
    {
      uint64_t x = 0;
      memcpy(&x, bytes, b->size < 8 ? b->size : 8);
      if (!b->type && !b->ptrs && b->size <= 8)
        {
          if (b->size < 8 && (x >> (8 * b->size - 1)) & 1)
            x |= ~((1ull << (8 * b->size)) - 1);
          sb_printf(out, "%lld", (long long)x);
        }
      else
        sb_printf(out, "0x%llx", (unsigned long long)x);
      return;
    }
  dbtf_format(d->btf, b->type, bytes, b->size, b->fmt, out);
}

/* ---------------------------------------------------------------- stops */

static void do_displays(struct dbg *d)
{
  for (int i = 0; i < d->ndisp; i++)
    {
      struct disp *ds = &d->disp[i];
      if (!ds->enabled)
        continue;
      struct val v;
      char err[256];
      struct sbuf b = {0};
      if (eval(d, ds->expr, &v, err, sizeof err) || format_val(d, &v, ds->fmt, &b, err, sizeof err))
        printf("%d: %s%s = <error: %s>\n", ds->num, ds->fmt ? "/x " : "", ds->expr, err);
      else
        printf("%d: %s%s = %s\n", ds->num, ds->fmt ? "/x " : "", ds->expr, b.p ? b.p : "");
      sb_free(&b);
    }
}

static const char *xdp_action(uint64_t r)
{
  static const char *const n[] = { "XDP_ABORTED", "XDP_DROP", "XDP_PASS", "XDP_TX", "XDP_REDIRECT" };
  return (uint32_t)r < 5 ? n[(uint32_t)r] : NULL;
}

static void report_exit(struct dbg *d)
{
  struct vm *vm = d->vm;
  int64_t r = vm->exited ? vm->exit_code : (int64_t)(int32_t)d->R[0];
  const char *act = vm->prog_type == 6 /* BPF_PROG_TYPE_XDP */ ? xdp_action(r) : NULL;
  printf("[program exited with retval %lld%s%s%s]\n", (long long)r, act ? " (" : "", act ? act : "",
         act ? ")" : "");
  d->exit_status = 0;
  vm_end_run(vm);
  d->state = 0;
  d->nf = 0;
  d->sel = 0;
  for (int i = 0; i < d->nbps; i++)
    d->bps[i].valid = 0;
}

static void report_fault(struct dbg *d)
{
  struct vm *vm = d->vm;
  printf("\nProgram stopped: %s\n", vm->errmsg);
  show_location(d, d->pc, 1, 1);
  d->state = 2;
  d->exit_status = 1;
}

enum { R_CONT, R_STEP, R_NEXT, R_STEPI, R_NEXTI, R_FINISH, R_UNTIL, R_ADVANCE };

/* Resume execution in MODE.  */
static void resume(struct dbg *d, int mode, uint32_t target)
{
  if (d->state == 0)
    {
      dbg_err(d, "The program is not being run.");
      return;
    }
  if (d->state == 2)
    {
      dbg_err(d, "The program stopped on a fault and cannot continue; \"run\" starts it again.");
      return;
    }
  d->sel = 0;
  uint32_t start_pc = d->pc;
  int start_nf = d->nf;
  const struct elo_line *sl = line_at(d, d->pc);
  uint32_t cur_line = sl ? sl->line : 0;
  const char *cur_file = sl ? sl->file : NULL;
  int cur_nf = d->nf;
  int returned = 0;
  uint32_t cur_func = elo_func_at(d->obj, d->pc) ? elo_func_at(d->obj, d->pc)->start : UINT32_MAX;
  (void)start_pc;
  interrupted = 0;
  for (;;)
    {
      uint32_t pc = d->pc;
      if (interrupted)
        {
          interrupted = 0;
          printf("\nProgram received signal SIGINT, Interrupt.\n");
          show_location(d, d->pc, 1, 1);
          do_displays(d);
          return;
        }
      int r = step1(d);
      if (r == ST_FAULT)
        {
          d->pc = pc;
          report_fault(d);
          return;
        }
      if (r == ST_EXIT)
        {
          if (mode == R_FINISH || mode == R_STEP || mode == R_NEXT || mode == R_UNTIL)
            putchar('\n');
          report_exit(d);
          return;
        }
      /* watchpoints */
      for (int i = 0; i < d->nbps; i++)
        {
          struct bp *b = &d->bps[i];
          if (b->kind != BP_WATCH || !b->enabled)
            continue;
          uint8_t now[64];
          if (watch_read(d, b, now))
            continue;
          if (!b->valid)
            {
              memcpy(b->old, now, b->size);
              b->valid = 1;
              continue;
            }
          if (memcmp(now, b->old, b->size))
            {
              struct sbuf o = {0}, n = {0};
              watch_value(d, b, b->old, &o);
              watch_value(d, b, now, &n);
              b->hits++;
              printf("\nHardware watchpoint %d: %s\n\nOld value = %s\nNew value = %s\n", b->num, b->what,
                     o.p ? o.p : "", n.p ? n.p : "");
              memcpy(b->old, now, b->size);
              sb_free(&o);
              sb_free(&n);
              show_location(d, d->pc, 1, 1);
              do_displays(d);
              return;
            }
        }
      struct bp *b = bp_at(d, d->pc);
      if (b)
        {
          b->hits++;
          printf("\n%s %d, ", b->temp ? "Temporary breakpoint" : "Breakpoint", b->num);
          show_location(d, d->pc, 1, 1);
          if (b->temp)
            bp_delete(d, (int)(b - d->bps));
          do_displays(d);
          return;
        }
      int stop = 0, with_func = 0;
      switch (mode)
        {
        case R_CONT:
          break;
        case R_STEPI:
          stop = 1;
          with_func = d->nf != start_nf;
          break;
        case R_NEXTI:
          stop = d->nf <= start_nf;
          with_func = d->nf != start_nf;
          break;
        case R_FINISH:
          stop = d->nf < start_nf ? 2 : 0;
          break;
        case R_ADVANCE:
          stop = d->pc == target || d->nf < start_nf;
          with_func = 1;
          break;
        case R_STEP: case R_NEXT: case R_UNTIL:
          {
            if (mode != R_STEP && d->nf > cur_nf)
              break;           /* inside a called function: step over it */
            if (d->nf < cur_nf)
              {
                /* returned to the caller: finish its line */
                const struct elo_line *l = line_at(d, d->pc);
                cur_line = l ? l->line : 0;
                cur_file = l ? l->file : NULL;
                cur_nf = d->nf;
                cur_func = elo_func_at(d->obj, d->pc) ? elo_func_at(d->obj, d->pc)->start : UINT32_MAX;
                returned = 1;
                if (!line_exact(d, d->pc))
                  break;
              }
            const struct elo_line *l = line_exact(d, d->pc);
            if (!l)
              break;
            uint32_t fs = elo_func_at(d->obj, d->pc) ? elo_func_at(d->obj, d->pc)->start : UINT32_MAX;
            if (fs != cur_func || d->nf != cur_nf)
              {
                stop = 1;
                with_func = 1;
              }
            else if (l->line != cur_line || (l->file && cur_file && strcmp(l->file, cur_file)))
              {
                if (mode == R_UNTIL && l->line < cur_line)
                  break;       /* until: not backwards (loops) */
                stop = 1;
                with_func = returned;
              }
            break;
          }
        }
      if (stop)
        {
          if (stop == 2)
            {
              /* finish: gdb prints the caller's location and the value */
              show_location(d, d->pc, 1, 1);
              printf("Value returned is $%d = %lld\n", ++d->valnum, (long long)d->R[0]);
            }
          else
            show_location(d, d->pc, with_func, mode == R_STEPI || mode == R_NEXTI);
          do_displays(d);
          return;
        }
    }
}

static void cmd_run(struct dbg *d)
{
  if (d->state)
    {
      printf("Starting program again.\n");
      vm_end_run(d->vm);
    }
  uint64_t args[5] = {0};
  d->prep(d->vm, d->parg, args);
  uint32_t entry = d->obj->progs[d->prog].start;
  start_machine(d, entry, args);
  d->state = 1;
  d->sel = 0;
  for (int i = 0; i < d->nbps; i++)
    if (d->bps[i].kind == BP_WATCH)
      d->bps[i].valid = watch_read(d, &d->bps[i], d->bps[i].old) == 0;
  printf("Starting program: %s %s\n", d->file, d->obj->progs[d->prog].name);
  struct bp *b = bp_at(d, entry);
  if (b)
    {
      b->hits++;
      printf("\n%s %d, ", b->temp ? "Temporary breakpoint" : "Breakpoint", b->num);
      show_location(d, d->pc, 1, 1);
      if (b->temp)
        bp_delete(d, (int)(b - d->bps));
      do_displays(d);
      return;
    }
  resume(d, R_CONT, 0);
}

/* ---------------------------------------------------------------- commands */

static char *skip(char *s)
{
  while (isspace((unsigned char)*s))
    s++;
  return s;
}

static int need_running(struct dbg *d)
{
  if (d->state == 0)
    {
      dbg_err(d, "The program is not being run.");
      return 0;
    }
  return 1;
}

static void cmd_break(struct dbg *d, char *arg, int temp)
{
  uint32_t pc;
  char err[256];
  char *cond = strstr(arg, " if ");
  if (cond)
    {
      dbg_err(d, "conditional breakpoints are not supported");
      return;
    }
  if (resolve_loc(d, arg, &pc, err, sizeof err))
    {
      dbg_err(d, "%s", err);
      return;
    }
  struct bp *b = bp_new(d, BP_BREAK);
  b->temp = temp;
  b->pc = pc;
  const struct elo_line *l = line_at(d, pc);
  snprintf(b->what, sizeof b->what, "%s", skip(arg));
  if (l && l->file)
    printf("%s %d at pc %u: file %s, line %u.\n", temp ? "Temporary breakpoint" : "Breakpoint", b->num, pc,
           base_name(l->file), l->line);
  else
    printf("%s %d at pc %u <%s>.\n", temp ? "Temporary breakpoint" : "Breakpoint", b->num, pc, func_name(d, pc));
}

static void cmd_watch(struct dbg *d, char *arg)
{
  struct val v;
  char err[256];
  arg = skip(arg);
  if (!strncmp(arg, "-l ", 3) || !strncmp(arg, "-location ", 10))
    arg = skip(strchr(arg, ' '));
  if (!*arg)
    {
      dbg_err(d, "Argument required (expression to compute).");
      return;
    }
  if (eval(d, arg, &v, err, sizeof err))
    {
      dbg_err(d, "%s", err);
      return;
    }
  if (v.lv == LV_REG)
    {
      dbg_err(d, "watchpoints on registers are not supported (watch memory)");
      return;
    }
  if (v.lv != LV_MEM)
    {
      dbg_err(d, "Cannot watch constant value `%s'.", arg);
      return;
    }
  int64_t sz = v.map < 0 ? d->vm->maps[-1 - v.map].vs : val_size(d, &v);
  uint32_t first = 0;
  if (v.bitsz)
    {
      first = v.bitoff / 8;
      sz = (v.bitoff + v.bitsz - 1) / 8 - first + 1;
    }
  if (sz <= 0 || sz > 64)
    {
      dbg_err(d, "watched value must be 1 to 64 bytes (this one is %lld)", (long long)sz);
      return;
    }
  struct bp *b = bp_new(d, BP_WATCH);
  b->addr = v.addr + first;
  b->size = sz;
  b->type = v.map < 0 ? 0 : v.type;
  b->ptrs = v.ptrs;
  b->bitoff = v.bitoff;
  b->bitsz = v.bitsz;
  snprintf(b->what, sizeof b->what, "%s", arg);
  b->valid = watch_read(d, b, b->old) == 0;
  printf("Hardware watchpoint %d: %s\n", b->num, arg);
}

static void cmd_info_breakpoints(struct dbg *d)
{
  if (!d->nbps)
    {
      printf("No breakpoints or watchpoints.\n");
      return;
    }
  printf("Num     Type           Disp Enb What\n");
  for (int i = 0; i < d->nbps; i++)
    {
      struct bp *b = &d->bps[i];
      if (b->kind == BP_BREAK)
        {
          const struct elo_line *l = line_at(d, b->pc);
          char w[256];
          if (l && l->file)
            snprintf(w, sizeof w, "pc %u in %s at %s:%u", b->pc, func_name(d, b->pc), base_name(l->file), l->line);
          else
            snprintf(w, sizeof w, "pc %u in %s", b->pc, func_name(d, b->pc));
          printf("%-7d %-14s %-4s %-3s %s\n", b->num, "breakpoint", b->temp ? "del" : "keep",
                 b->enabled ? "y" : "n", w);
        }
      else
        printf("%-7d %-14s %-4s %-3s %s\n", b->num, "hw watchpoint", "keep", b->enabled ? "y" : "n", b->what);
      if (b->hits)
        printf("\tbreakpoint already hit %d time%s\n", b->hits, b->hits == 1 ? "" : "s");
    }
}

static void cmd_delete(struct dbg *d, char *arg, int enable)
{
  arg = skip(arg);
  if (!strncmp(arg, "breakpoints", 11))
    arg = skip(arg + 11);
  if (!*arg)
    {
      if (enable < 0)
        d->nbps = 0;
      else
        for (int i = 0; i < d->nbps; i++)
          d->bps[i].enabled = enable;
      return;
    }
  while (*arg)
    {
      char *end;
      long n = strtol(arg, &end, 10);
      if (end == arg || (*end && !isspace((unsigned char)*end)))
        {
          dbg_err(d, "Convenience variable must have integer value.\nArgs must be numbers or '$' variables.");
          return;
        }
      int found = 0;
      for (int i = 0; i < d->nbps; i++)
        if (d->bps[i].num == n)
          {
            found = 1;
            if (enable < 0)
              bp_delete(d, i);
            else
              d->bps[i].enabled = enable;
            break;
          }
      if (!found)
        dbg_err(d, "No breakpoint number %ld.", n);
      arg = skip(end);
    }
}

static void cmd_info_registers(struct dbg *d, char *arg)
{
  if (!need_running(d))
    return;
  arg = skip(arg);
  for (int r = 0; r <= 11; r++)
    {
      char name[8];
      if (r == 11)
        snprintf(name, sizeof name, "pc");
      else
        snprintf(name, sizeof name, "r%d", r);
      if (*arg)
        {
          const char *a = arg[0] == '$' ? arg + 1 : arg;
          if (strcmp(a, name) && !(r == 10 && (!strcmp(a, "fp") || !strcmp(a, "sp"))))
            continue;
        }
      if (r == 11)
        {
          uint32_t pc = frame_pc(d, d->sel);
          const struct elo_func *f = elo_func_at(d->obj, pc);
          char hx[32];
          snprintf(hx, sizeof hx, "0x%x", pc);
          printf("%-15s%-19s<%s+%u>\n", name, hx, f ? f->name : "??", f ? pc - f->start : pc);
          continue;
        }
      uint64_t v;
      if (frame_reg(d, r, &v))
        {
          printf("%-15s<not saved>\n", name);
          continue;
        }
      char hx[32];
      snprintf(hx, sizeof hx, "0x%llx", (unsigned long long)v);
      printf("%-15s%-19s%lld\n", name, hx, (long long)v);
    }
  if (*arg && !isdigit((unsigned char)arg[0]))
    {
      const char *a = arg[0] == '$' ? arg + 1 : arg;
      if (reg_name(a) < 0)
        dbg_err(d, "Invalid register `%s'", a);
    }
}

static void frame_line(struct dbg *d, int k)
{
  uint32_t pc = frame_pc(d, k);
  char w[256];
  where_str(d, pc, w, sizeof w);
  if (k == 0)
    printf("#%-2d %s\n", k, w);
  else
    printf("#%-2d pc %u in %s\n", k, pc, w);
}

static void cmd_backtrace(struct dbg *d)
{
  if (d->state == 0)
    {
      dbg_err(d, "No stack.");
      return;
    }
  for (int k = 0; k <= d->nf; k++)
    frame_line(d, k);
}

static void cmd_frame(struct dbg *d, char *arg, int rel)
{
  if (d->state == 0)
    {
      dbg_err(d, "No stack.");
      return;
    }
  arg = skip(arg);
  int k = d->sel;
  if (*arg)
    {
      char *end;
      long n = strtol(arg, &end, 10);
      if (end == arg || *skip(end))
        {
          dbg_err(d, "Invalid number \"%s\".", arg);
          return;
        }
      k = rel ? d->sel + rel * n : n;
    }
  else if (rel)
    k = d->sel + rel;
  if (k < 0 || k > d->nf)
    {
      if (rel > 0)
        dbg_err(d, "Initial frame selected; you cannot go up.");
      else if (rel < 0)
        dbg_err(d, "Bottom (innermost) frame selected; you cannot go down.");
      else
        dbg_err(d, "No frame at level %s.", arg);
      return;
    }
  d->sel = k;
  frame_line(d, k);
  const struct elo_line *l = line_at(d, frame_pc(d, k));
  if (l && l->file)
    print_src_line(d, l->file, l->line);
}

static int parse_fmt(char **arg)
{
  char *a = *arg;
  if (*a != '/')
    return 0;
  int f = a[1];
  a += 2;
  while (*a && !isspace((unsigned char)*a))
    a++;
  *arg = skip(a);
  return f == 'x' || f == 'd' || f == 'u' ? (f == 'd' ? 0 : f) : -1;
}

static void cmd_print(struct dbg *d, char *arg)
{
  arg = skip(arg);
  int fmt = parse_fmt(&arg);
  if (fmt < 0)
    {
      dbg_err(d, "Undefined output format \"%c\".", arg[-1]);
      return;
    }
  if (!*arg)
    {
      dbg_err(d, "Argument required (expression to compute).");
      return;
    }
  struct val v;
  char err[256];
  struct sbuf b = {0};
  if (eval(d, arg, &v, err, sizeof err) || format_val(d, &v, fmt, &b, err, sizeof err))
    {
      dbg_err(d, "%s", err);
      sb_free(&b);
      return;
    }
  printf("$%d = %s\n", ++d->valnum, b.p ? b.p : "");
  sb_free(&b);
}

static void cmd_x(struct dbg *d, char *arg)
{
  static int last_fmt = 'x', last_size = 4;
  int count = 1, fmt = last_fmt, size = last_size;
  arg = skip(arg);
  if (*arg == '/')
    {
      arg++;
      if (isdigit((unsigned char)*arg))
        count = (int)strtol(arg, &arg, 10);
      while (*arg && !isspace((unsigned char)*arg))
        {
          char c = *arg++;
          if (c == 'b') size = 1;
          else if (c == 'h') size = 2;
          else if (c == 'w') size = 4;
          else if (c == 'g') size = 8;
          else if (c == 'x' || c == 'd' || c == 'u' || c == 'c') fmt = c;
          else
            {
              dbg_err(d, "Invalid number \"%c\".", c);
              return;
            }
        }
      arg = skip(arg);
    }
  if (count <= 0 || count > 4096)
    {
      dbg_err(d, "count must be between 1 and 4096");
      return;
    }
  if (!*arg)
    {
      dbg_err(d, "Argument required (starting display address).");
      return;
    }
  struct val v;
  char err[256];
  if (eval(d, arg, &v, err, sizeof err))
    {
      dbg_err(d, "%s", err);
      return;
    }
  uint64_t addr;
  int k = val_kind(d, &v);
  if (v.lv == LV_MEM && !v.ptrs && (k == DK_STRUCT || k == DK_UNION || k == DK_ARRAY))
    addr = v.addr;
  else
    {
      struct ex e;
      memset(&e, 0, sizeof e);
      e.d = d;
      if (scalar(&e, &v, &addr))
        {
          dbg_err(d, "%s", e.err);
          return;
        }
    }
  last_fmt = fmt;
  last_size = size;
  int per = size == 1 ? 8 : size == 2 ? 8 : size == 4 ? 4 : 2;
  for (int i = 0; i < count; i++)
    {
      uint64_t a = addr + (uint64_t)i * size;
      if (i % per == 0)
        {
          char sym[160];
          sym_suffix(d, a, sym, sizeof sym);
          printf("%s0x%llx%s:", i ? "\n" : "", (unsigned long long)a, sym);
        }
      uint64_t x = 0;
      if (dbg_read(d, a, &x, size))
        {
          printf("\n");
          dbg_err(d, "Cannot access memory at address 0x%llx (%s)", (unsigned long long)a, vm_region_name(d->vm, a));
          return;
        }
      if (fmt == 'x')
        printf("\t0x%0*llx", 2 * size, (unsigned long long)x);
      else if (fmt == 'u')
        printf("\t%llu", (unsigned long long)x);
      else if (fmt == 'c')
        printf("\t%u '%c'", (unsigned)(x & 0xff), isprint((int)(x & 0xff)) ? (int)(x & 0xff) : '.');
      else
        {
          int64_t s = (int64_t)x;
          if (size < 8 && (x >> (8 * size - 1)) & 1)
            s = (int64_t)(x | ~((1ull << (8 * size)) - 1));
          printf("\t%lld", (long long)s);
        }
    }
  printf("\n");
}

static void cmd_list(struct dbg *d, char *arg)
{
  arg = skip(arg);
  const char *file = d->list_file;
  int center = -1, first = -1;
  if (*arg)
    {
      uint32_t pc;
      char err[256];
      char *end;
      long n = strtol(arg, &end, 10);
      if (end != arg && !*skip(end))
        center = n;
      else if (resolve_loc(d, arg, &pc, err, sizeof err) == 0)
        {
          const struct elo_line *l = line_at(d, pc);
          if (!l || !l->file)
            {
              dbg_err(d, "No line number information available for \"%s\".", arg);
              return;
            }
          file = l->file;
          center = l->line;
        }
      else
        {
          dbg_err(d, "%s", err);
          return;
        }
    }
  else if (d->list_valid)
    first = d->list_line;
  else if (file)
    center = d->list_line;
  else
    {
      const struct elo_line *l = line_at(d, d->obj->progs[d->prog].start);
      if (!l || !l->file)
        {
          dbg_err(d, "No symbol table is loaded (no line info in .BTF.ext).");
          return;
        }
      file = l->file;
      center = l->line;
    }
  if (!file)
    {
      dbg_err(d, "No default source file.");
      return;
    }
  if (first < 0)
    first = center - 5 < 1 ? 1 : center - 5;
  struct srcfile *s = source(d, file);
  int printed = 0;
  for (int ln = first; ln < first + 10; ln++)
    {
      const char *t = s ? (ln <= s->n ? s->lines[ln - 1] : NULL) : line_text(d, file, ln);
      if (s && ln > s->n)
        break;
      if (!t)
        continue;
      printf("%d\t%s\n", ln, t);
      printed++;
    }
  if (!printed)
    {
      if (s)
        dbg_err(d, "Line number %d out of range; \"%s\" has %d lines.", first, base_name(file), s->n);
      else
        dbg_err(d, "no source lines for %s near line %d", base_name(file), first);
    }
  d->list_file = file;
  d->list_line = first + 10;
  d->list_valid = 1;
}

static void cmd_disassemble(struct dbg *d, char *arg)
{
  arg = skip(arg);
  int raw = 0, src = 0;
  while (*arg == '/')
    {
      for (arg++; *arg && !isspace((unsigned char)*arg); arg++)
        if (*arg == 'r') raw = 1;
        else if (*arg == 's' || *arg == 'm') src = 1;
      arg = skip(arg);
    }
  uint32_t pc;
  if (*arg)
    {
      char err[256];
      if (resolve_loc(d, arg, &pc, err, sizeof err))
        {
          dbg_err(d, "%s", err);
          return;
        }
    }
  else if (d->state)
    pc = frame_pc(d, d->sel);
  else
    {
      dbg_err(d, "No frame selected.");
      return;
    }
  const struct elo_func *f = elo_func_at(d->obj, pc);
  if (!f)
    {
      dbg_err(d, "No function contains specified address.");
      return;
    }
  printf("Dump of assembler code for function %s:\n", f->name);
  uint32_t lastline = 0;
  for (uint32_t i = f->start; i < f->end && i < d->obj->ncode; i++)
    {
      if (d->dop[i] == D_LDDW_MID)
        continue;
      if (src)
        {
          const struct elo_line *l = line_exact(d, i);
          if (l && l->file && l->line != lastline)
            {
              print_src_line(d, l->file, l->line);
              lastline = l->line;
            }
        }
      char text[128];
      disasm(d, i, text, sizeof text, d->syntax);
      int cur = d->state && i == frame_pc(d, d->sel);
      printf("%s%u <+%u>:\t", cur ? "=> " : "   ", i, i - f->start);
      if (raw)
        {
          const uint8_t *b = (const uint8_t *)&d->obj->code[i];
          for (int k = 0; k < 8; k++)
            printf("%02x ", b[k]);
          printf("\t");
        }
      printf("%s\n", text);
    }
  printf("End of assembler dump.\n");
}

static void cmd_info_maps(struct dbg *d)
{
  struct vm *vm = d->vm;
  printf("%-4s %-20s %-18s %5s %6s %8s %8s\n", "Num", "Name", "Type", "Key", "Value", "Max", "Entries");
  for (uint32_t i = 0; i < vm->nmaps; i++)
    {
      struct smap *m = &vm->maps[i];
      static const char *const tn[] = {
        "unspec", "hash", "array", "prog_array", "perf_event_array", "percpu_hash", "percpu_array",
        "stack_trace", "cgroup_array", "lru_hash", "lru_percpu_hash", "lpm_trie", "array_of_maps",
        "hash_of_maps", "devmap", "sockmap", "cpumap", "xskmap", "sockhash", "cgroup_storage",
        "reuseport_sockarray", "percpu_cgroup_storage", "queue", "stack", "sk_storage", "devmap_hash",
        "struct_ops", "ringbuf" };
      const char *t = m->type < sizeof tn / sizeof *tn ? tn[m->type] : "?";
      char entries[32] = "-";
      if (map_dumpable(m))
        {
          if (m->type == 2 || m->type == 6)
            snprintf(entries, sizeof entries, "%u", m->max);
          else
            snprintf(entries, sizeof entries, "%u", m->count);
        }
      printf("%-4u %-20s %-18s %5u %6u %8u %8s\n", i, m->name, m->def.internal ? "global data" : t, m->ks, m->vs,
             m->max, entries);
    }
}

static void cmd_display(struct dbg *d, char *arg)
{
  arg = skip(arg);
  if (!*arg)
    {
      do_displays(d);
      return;
    }
  int fmt = parse_fmt(&arg);
  if (fmt < 0)
    {
      dbg_err(d, "Undefined output format.");
      return;
    }
  struct val v;
  char err[256];
  if (eval(d, arg, &v, err, sizeof err))
    {
      dbg_err(d, "%s", err);
      return;
    }
  if (d->ndisp == 64)
    {
      dbg_err(d, "too many displays");
      return;
    }
  struct disp *ds = &d->disp[d->ndisp++];
  ds->num = ++d->nextdisp;
  ds->fmt = fmt;
  ds->enabled = 1;
  snprintf(ds->expr, sizeof ds->expr, "%s", arg);
  if (d->state)
    {
      struct sbuf b = {0};
      if (format_val(d, &v, fmt, &b, err, sizeof err) == 0)
        printf("%d: %s%s = %s\n", ds->num, fmt ? "/x " : "", ds->expr, b.p ? b.p : "");
      sb_free(&b);
    }
}

static void cmd_undisplay(struct dbg *d, char *arg)
{
  arg = skip(arg);
  if (!*arg)
    {
      d->ndisp = 0;
      return;
    }
  long n = strtol(arg, NULL, 10);
  for (int i = 0; i < d->ndisp; i++)
    if (d->disp[i].num == n)
      {
        memmove(&d->disp[i], &d->disp[i + 1], (d->ndisp - i - 1) * sizeof *d->disp);
        d->ndisp--;
        return;
      }
  dbg_err(d, "No display number %ld.", n);
}

static void cmd_set(struct dbg *d, char *arg)
{
  arg = skip(arg);
  if (!strncmp(arg, "disassembly-flavor", 18))
    {
      char *v = skip(arg + 18);
      if (!strcmp(v, "gnu") || !strcmp(v, "att"))
        d->syntax = BPF_SYNTAX_GNU;
      else if (!strcmp(v, "pseudoc") || !strcmp(v, "c"))
        d->syntax = BPF_SYNTAX_PSEUDOC;
      else
        dbg_err(d, "Undefined item: \"%s\".  Flavors are gnu and pseudoc.", v);
      return;
    }
  if (!strncmp(arg, "variable ", 9))
    arg = skip(arg + 9);
  else if (!strncmp(arg, "var ", 4))
    arg = skip(arg + 4);
  else if (*arg != '$' && !strchr(arg, '='))
    {
      dbg_err(d, "Undefined set command: \"%s\".  Try \"help set\".", arg);
      return;
    }
  if (!strchr(arg, '='))
    {
      dbg_err(d, "set var needs an assignment: set var NAME = VALUE");
      return;
    }
  struct val v;
  char err[256];
  if (eval(d, arg, &v, err, sizeof err))
    dbg_err(d, "%s", err);
}

static void cmd_help(void)
{
  printf("bpf-run debugger commands (gdb's names and abbreviations):\n"
         "  run (r), start, kill           start the program (again), stop it\n"
         "  break (b) LOC, tbreak LOC      LOC: FUNC, FILE:LINE, LINE, *PC\n"
         "  watch EXPR                     stop when a global or memory changes\n"
         "  delete/disable/enable [N...]   breakpoints and watchpoints\n"
         "  info breakpoints|registers|maps|display|frame|source\n"
         "  continue (c), step (s), next (n), stepi (si), nexti (ni)\n"
         "  finish (fin), until (u) [LOC], advance LOC\n"
         "  backtrace (bt, where), frame (f) N, up, down\n"
         "  print (p)[/x] EXPR             registers ($r0..$r10, $pc), globals, MAP[key], MAP\n"
         "  x/NFU ADDR                     memory: F x d u c, U b h w g\n"
         "  display[/x] EXPR, undisplay N  print after every stop\n"
         "  set var LVALUE = EXPR          registers and globals\n"
         "  set disassembly-flavor gnu|pseudoc\n"
         "  list (l) [LOC], disassemble [/r] [/s] [LOC]\n"
         "  quit (q)\n");
}

struct cmdent { const char *name; int min; };
static const struct cmdent cmds[] = {
  { "advance", 3 }, { "backtrace", 2 }, { "break", 1 }, { "continue", 1 }, { "delete", 1 },
  { "disable", 4 }, { "disassemble", 5 }, { "display", 4 }, { "down", 3 }, { "enable", 2 },
  { "finish", 3 }, { "frame", 1 }, { "help", 1 }, { "info", 1 }, { "kill", 1 }, { "list", 1 },
  { "next", 1 }, { "nexti", 2 }, { "output", 3 }, { "print", 1 }, { "quit", 1 }, { "run", 1 },
  { "set", 3 }, { "start", 5 }, { "step", 1 }, { "stepi", 2 }, { "tbreak", 2 }, { "undisplay", 3 },
  { "until", 1 }, { "up", 2 }, { "watch", 2 }, { "where", 3 }, { "x", 1 }, { "bt", 2 },
  { "inspect", 3 }, { "echo", 4 },
};

static const char *lookup_cmd(const char *w)
{
  size_t n = strlen(w);
  for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
    if (!strcmp(w, cmds[i].name))
      return cmds[i].name;
  /* gdb's fixed abbreviations, then unique prefixes */
  static const char *const ab[][2] = {
    { "b", "break" }, { "br", "break" }, { "c", "continue" }, { "cont", "continue" }, { "s", "step" },
    { "n", "next" }, { "si", "stepi" }, { "ni", "nexti" }, { "p", "print" }, { "i", "info" },
    { "l", "list" }, { "f", "frame" }, { "u", "until" }, { "d", "delete" }, { "r", "run" },
    { "q", "quit" }, { "fin", "finish" }, { "tb", "tbreak" }, { "disas", "disassemble" },
    { "h", "help" }, { "k", "kill" }, { "where", "backtrace" }, { "bt", "backtrace" },
    { "inspect", "print" }, { "call", "print" },
  };
  for (size_t i = 0; i < sizeof ab / sizeof *ab; i++)
    if (!strcmp(w, ab[i][0]))
      return ab[i][1];
  const char *found = NULL;
  for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
    if (n >= (size_t)cmds[i].min && !strncmp(w, cmds[i].name, n))
      {
        if (found && strcmp(found, cmds[i].name))
          return "?ambiguous";
        found = cmds[i].name;
      }
  return found;
}

static void execute(struct dbg *d, char *line)
{
  char *s = skip(line);
  size_t len = strlen(s);
  while (len && isspace((unsigned char)s[len - 1]))
    s[--len] = 0;
  if (!*s || *s == '#')
    return;
  char word[64];
  size_t k = 0;
  while (s[k] && (isalnum((unsigned char)s[k]) || s[k] == '-' || s[k] == '_') && k + 1 < sizeof word)
    {
      word[k] = s[k];
      k++;
    }
  word[k] = 0;
  char *arg = s + k;
  if (!k)
    {
      dbg_err(d, "Undefined command: \"%s\".  Try \"help\".", s);
      return;
    }
  const char *c = lookup_cmd(word);
  if (!c)
    {
      dbg_err(d, "Undefined command: \"%s\".  Try \"help\".", word);
      return;
    }
  if (!strcmp(c, "?ambiguous"))
    {
      dbg_err(d, "Ambiguous command \"%s\".", word);
      return;
    }
  if (!strcmp(c, "x") && *arg && *arg != '/' && !isspace((unsigned char)*arg))
    {
      dbg_err(d, "Undefined command: \"%s\".  Try \"help\".", s);
      return;
    }
  if (!strcmp(c, "break")) cmd_break(d, arg, 0);
  else if (!strcmp(c, "tbreak")) cmd_break(d, arg, 1);
  else if (!strcmp(c, "watch")) cmd_watch(d, arg);
  else if (!strcmp(c, "delete")) cmd_delete(d, arg, -1);
  else if (!strcmp(c, "disable")) cmd_delete(d, arg, 0);
  else if (!strcmp(c, "enable")) cmd_delete(d, arg, 1);
  else if (!strcmp(c, "run")) cmd_run(d);
  else if (!strcmp(c, "start"))
    {
      struct bp *b = bp_new(d, BP_BREAK);
      b->temp = 1;
      b->pc = d->obj->progs[d->prog].start;
      snprintf(b->what, sizeof b->what, "%s", d->obj->progs[d->prog].name);
      const struct elo_line *l = line_at(d, b->pc);
      printf("Temporary breakpoint %d at pc %u: file %s, line %u.\n", b->num, b->pc,
             l && l->file ? base_name(l->file) : "??", l ? l->line : 0);
      cmd_run(d);
    }
  else if (!strcmp(c, "kill"))
    {
      if (need_running(d))
        {
          vm_end_run(d->vm);
          d->state = 0;
          d->nf = 0;
          d->sel = 0;
          printf("[program killed]\n");
        }
    }
  else if (!strcmp(c, "continue"))
    {
      if (d->state == 1)
        printf("Continuing.\n");
      resume(d, R_CONT, 0);
    }
  else if (!strcmp(c, "step") || !strcmp(c, "next") || !strcmp(c, "stepi") || !strcmp(c, "nexti"))
    {
      long n = 1;
      if (*skip(arg))
        {
          char *end;
          n = strtol(skip(arg), &end, 10);
          if (*skip(end) || n < 1)
            {
              dbg_err(d, "Invalid number \"%s\".", skip(arg));
              return;
            }
        }
      int mode = !strcmp(c, "step") ? R_STEP : !strcmp(c, "next") ? R_NEXT : !strcmp(c, "stepi") ? R_STEPI : R_NEXTI;
      for (long i = 0; i < n && d->state == 1; i++)
        {
          int hits = 0;
          for (int b = 0; b < d->nbps; b++)
            hits += d->bps[b].hits;
          resume(d, mode, 0);
          int hits2 = 0;
          for (int b = 0; b < d->nbps; b++)
            hits2 += d->bps[b].hits;
          if (hits2 != hits)
            break;
        }
    }
  else if (!strcmp(c, "finish"))
    {
      if (!need_running(d))
        return;
      if (d->nf == 0)
        {
          dbg_err(d, "\"finish\" not meaningful in the outermost frame.");
          return;
        }
      char w[256];
      where_str(d, d->pc, w, sizeof w);
      printf("Run till exit from #0  %s\n", w);
      /* resume prints its own header for FINISH: suppress it */
      uint32_t pc0 = d->pc;
      (void)pc0;
      int start_nf = d->nf;
      for (;;)
        {
          /* reuse resume's stops (breakpoints, watchpoints, faults) */
          uint32_t pc = d->pc;
          int r = step1(d);
          if (r == ST_FAULT) { d->pc = pc; report_fault(d); return; }
          if (r == ST_EXIT) { report_exit(d); return; }
          struct bp *b = bp_at(d, d->pc);
          if (b && d->nf >= start_nf)
            {
              b->hits++;
              printf("\n%s %d, ", b->temp ? "Temporary breakpoint" : "Breakpoint", b->num);
              show_location(d, d->pc, 1, 1);
              do_displays(d);
              return;
            }
          if (d->nf < start_nf)
            {
              show_location(d, d->pc, 1, 1);
              printf("Value returned is $%d = %lld\n", ++d->valnum, (long long)(int64_t)d->R[0]);
              do_displays(d);
              return;
            }
        }
    }
  else if (!strcmp(c, "until") || !strcmp(c, "advance"))
    {
      if (!need_running(d))
        return;
      if (!*skip(arg))
        {
          if (!strcmp(c, "advance"))
            {
              dbg_err(d, "Argument required (a location).");
              return;
            }
          resume(d, R_UNTIL, 0);
          return;
        }
      uint32_t pc;
      char err[256];
      if (resolve_loc(d, arg, &pc, err, sizeof err))
        {
          dbg_err(d, "%s", err);
          return;
        }
      resume(d, R_ADVANCE, pc);
    }
  else if (!strcmp(c, "backtrace") || !strcmp(c, "where") || !strcmp(c, "bt")) cmd_backtrace(d);
  else if (!strcmp(c, "frame")) cmd_frame(d, arg, 0);
  else if (!strcmp(c, "up")) cmd_frame(d, arg, 1);
  else if (!strcmp(c, "down")) cmd_frame(d, arg, -1);
  else if (!strcmp(c, "print") || !strcmp(c, "inspect")) cmd_print(d, arg);
  else if (!strcmp(c, "output"))
    {
      struct val v;
      char err[256];
      struct sbuf b = {0};
      if (eval(d, skip(arg), &v, err, sizeof err) || format_val(d, &v, 0, &b, err, sizeof err))
        dbg_err(d, "%s", err);
      else
        printf("%s", b.p ? b.p : "");
      sb_free(&b);
    }
  else if (!strcmp(c, "echo"))
    {
      for (char *p = skip(arg); *p; p++)
        {
          if (*p == '\\' && p[1] == 'n')
            {
              putchar('\n');
              p++;
            }
          else
            putchar(*p);
        }
    }
  else if (!strcmp(c, "x")) cmd_x(d, arg);
  else if (!strcmp(c, "list")) cmd_list(d, arg);
  else if (!strcmp(c, "disassemble")) cmd_disassemble(d, arg);
  else if (!strcmp(c, "display")) cmd_display(d, arg);
  else if (!strcmp(c, "undisplay")) cmd_undisplay(d, arg);
  else if (!strcmp(c, "set")) cmd_set(d, arg);
  else if (!strcmp(c, "help")) cmd_help();
  else if (!strcmp(c, "quit"))
    {
      d->quit = 1;
    }
  else if (!strcmp(c, "info"))
    {
      char *a = skip(arg);
      char sub[32];
      size_t n = 0;
      while (a[n] && !isspace((unsigned char)a[n]) && n + 1 < sizeof sub)
        {
          sub[n] = a[n];
          n++;
        }
      sub[n] = 0;
      char *rest = a + n;
      if (!n)
        dbg_err(d, "List of info subcommands: breakpoints registers all-registers maps display frame source.");
      else if (!strncmp("breakpoints", sub, n) || !strncmp("watchpoints", sub, n > 1 ? n : 2))
        cmd_info_breakpoints(d);
      else if (!strncmp("registers", sub, n) || !strcmp(sub, "all-registers"))
        cmd_info_registers(d, rest);
      else if (!strncmp("maps", sub, n > 1 ? n : 2))
        cmd_info_maps(d);
      else if (!strncmp("display", sub, n > 1 ? n : 2))
        {
          if (!d->ndisp)
            printf("There are no auto-display expressions now.\n");
          for (int i = 0; i < d->ndisp; i++)
            printf("%d:   %c  %s\n", d->disp[i].num, d->disp[i].enabled ? 'y' : 'n', d->disp[i].expr);
        }
      else if (!strncmp("frame", sub, n))
        {
          if (d->state == 0)
            dbg_err(d, "No stack.");
          else
            {
              frame_line(d, d->sel);
              printf(" depth %d of %d, r10 (frame pointer) ", d->sel, d->nf);
              uint64_t fp;
              frame_reg(d, 10, &fp);
              printf("0x%llx, insns executed %llu\n", (unsigned long long)fp, (unsigned long long)d->vm->insns);
            }
        }
      else if (!strncmp("source", sub, n) || !strncmp("line", sub, n))
        {
          const struct elo_line *l = d->state ? line_at(d, frame_pc(d, d->sel))
                                              : line_at(d, d->obj->progs[d->prog].start);
          if (l && l->file)
            printf("Current source file is %s, line %u\n", l->file, l->line);
          else
            printf("No current source file.\n");
        }
      else
        dbg_err(d, "Undefined info command: \"%s\".  Try \"help info\".", sub);
    }
  else
    dbg_err(d, "Undefined command: \"%s\".  Try \"help\".", word);
  fflush(stdout);
}

static int repeatable(const char *line)
{
  char w[32];
  size_t k = 0;
  line = skip((char *)line);
  while (line[k] && !isspace((unsigned char)line[k]) && k + 1 < sizeof w)
    {
      w[k] = line[k];
      k++;
    }
  w[k] = 0;
  const char *c = lookup_cmd(w);
  return c && (!strcmp(c, "step") || !strcmp(c, "next") || !strcmp(c, "stepi") || !strcmp(c, "nexti")
               || !strcmp(c, "continue") || !strcmp(c, "list") || !strcmp(c, "x") || !strcmp(c, "until"));
}

static void run_line(struct dbg *d, char *line)
{
  char *s = skip(line);
  if (!*s && d->lastcmd[0])
    {
      char tmp[sizeof d->lastcmd];
      snprintf(tmp, sizeof tmp, "%s", d->lastcmd);
      execute(d, tmp);
      return;
    }
  if (*s && repeatable(s))
    snprintf(d->lastcmd, sizeof d->lastcmd, "%s", s);
  else if (*s)
    d->lastcmd[0] = 0;
  execute(d, s);
}

#define DBG_MAX_LINE (1u << 20)   /* longest interactive line */

static char *read_line(struct dbg *d, const char *prompt)
{
#ifdef HAVE_READLINE
  if (d->from_tty)
    {
      char *l = readline(prompt);
      if (l && *l)
        add_history(l);
      return l;
    }
#endif
  fputs(prompt, stdout);
  fflush(stdout);
  size_t cap = 256, n = 0;
  char *buf = malloc(cap);
  int c, too_long = 0;
  if (!buf)
    return NULL;
  while ((c = getchar()) != EOF && c != '\n')
    {
      if (too_long)
        continue;
      if (n + 1 >= cap)
        {
          char *nb = cap <= DBG_MAX_LINE ? realloc(buf, cap * 2) : NULL;
          if (!nb)
            {
              too_long = 1;   /* the whole line is refused below */
              continue;
            }
          buf = nb;
          cap *= 2;
        }
      buf[n++] = (char)c;
    }
  if (c == EOF && n == 0)
    {
      free(buf);
      return NULL;
    }
  if (too_long)
    {
      dbg_err(d, "Line longer than %u bytes ignored.", DBG_MAX_LINE);
      n = 0;
    }
  buf[n] = 0;
  return buf;
}

int debug_main(struct vm *vm, const char *file, int prog, dbg_prepare_fn prep, void *arg,
               const struct dbg_opts *o)
{
  struct dbg *d = calloc(1, sizeof *d);
  d->vm = vm;
  d->obj = vm->obj;
  d->file = file;
  d->prog = prog;
  d->prep = prep;
  d->parg = arg;
  d->btf = dbtf_open(file);
  d->syntax = BPF_SYNTAX_PSEUDOC;
  dbg_setup_ops(d);
  {
    /* packet and context errors (bpf-run exits on them) show up now,
       not at the first "run"; run builds them again */
    uint64_t args[5];
    prep(vm, arg, args);
  }
  setvbuf(stdout, NULL, _IOLBF, 0);
  d->from_tty = isatty(0);
  if (d->from_tty)
    {
      /* Ctrl-C stops a running program and returns to the prompt */
      struct sigaction sa;
      memset(&sa, 0, sizeof sa);
      sa.sa_handler = on_sigint;
      sigemptyset(&sa.sa_mask);
      sigaction(SIGINT, &sa, NULL);
    }
#ifdef HAVE_READLINE
  if (d->from_tty)
    {
      rl_variable_bind("enable-bracketed-paste", "off");
      rl_readline_name = "bpf-run";
    }
#endif
  if (!o->batch)
    printf("bpf-run debugger: %s, program %s (%u instructions%s). \"help\" lists the commands.\n", file,
           d->obj->progs[prog].name, d->obj->ncode, d->btf ? ", BTF" : ", no BTF");
  for (int i = 0; i < o->nx && !d->quit; i++)
    {
      FILE *f = fopen(o->xfiles[i], "r");
      if (!f)
        {
          dbg_err(d, "%s: %s.", o->xfiles[i], strerror(errno));
          continue;
        }
      /* a line longer than the buffer stops the file: its tail must
         not run as commands of its own */
      char line[4096];
      unsigned lineno = 0;
      while (!d->quit && fgets(line, sizeof line, f))
        {
          lineno++;
          size_t len = strcspn(line, "\n");
          if (!line[len] && !feof(f))
            {
              dbg_err(d, "%s:%u: line longer than %zu bytes; the rest of the file is not run.",
                      o->xfiles[i], lineno, sizeof line - 1);
              d->script_error = 1;
              break;
            }
          line[len] = 0;
          execute(d, line);
        }
      fclose(f);
    }
  while (!o->batch && !d->quit)
    {
      char *l = read_line(d, "(bpf) ");
      if (!l)
        {
          if (!d->from_tty)
            break;
          printf("quit\n");
          break;
        }
      run_line(d, l);
      free(l);
    }
  fflush(stdout);
  int status = d->state == 2 ? 1 : d->exit_status;
  if (d->state == 1)
    status = 0;
  if (d->script_error)
    status = 2;
  dbtf_close(d->btf);
  free(d->dop);
  free(d->fr);
  free(d->bps);
  for (int i = 0; i < d->nsrc; i++)
    {
      free(d->src[i].path);
      free(d->src[i].text);
      free(d->src[i].lines);
    }
  free(d);
  return status;
}

int debug_parse_opt(struct dbg_opts *o, int argc, char **argv, int *i)
{
  const char *a = argv[*i];
  if (!strcmp(a, "--debug"))
    {
      o->debug = 1;
      return 1;
    }
  if (!strcmp(a, "--batch") || !strcmp(a, "-batch"))
    {
      o->batch = 1;
      o->debug = 1;
      return 1;
    }
  if (!strcmp(a, "-x") || !strcmp(a, "--command"))
    {
      if (*i + 1 >= argc)
        {
          fprintf(stderr, "bpf-run: error: option %s needs a value\n", a);
          exit(2);
        }
      if (o->nx == 16)
        {
          fprintf(stderr, "bpf-run: error: too many -x files\n");
          exit(2);
        }
      o->xfiles[o->nx++] = argv[++*i];
      o->debug = 1;
      return 1;
    }
  if (!strncmp(a, "--trace=", 8))
    {
      const char *v = a + 8;
      if (!strcmp(v, "calls"))
        o->trace = DBG_TRACE_CALLS;
      else if (!strcmp(v, "regs"))
        o->trace = DBG_TRACE_REGS;
      else
        {
          fprintf(stderr, "bpf-run: error: --trace=%s: expected calls or regs\n", v);
          exit(2);
        }
      return 1;
    }
  return 0;
}
