/* debug-int.h - the debugger's shared state and its internal interface:
   bpf-run --debug and --trace=calls/regs are split by concern, as GDB
   keeps breakpoints, frames, values and the expression parser apart:

     debug-state.c   debugger state, errors, the decoded-operation table
     debug-lines.c   line info and source files
     debug-mem.c     reading and writing simulated memory
     debug-exec.c    running the program under the debugger's hook
     debug-trace.c   --trace=calls and --trace=regs
     debug-values.c  values, the expression parser and value printing
     debug-disasm.c  disassembly
     debug-loc.c     locations (linespecs, addresses to symbols)
     debug-break.c   breakpoints and watchpoints
     debug-stops.c   running, stepping and stops
     debug.c         commands, the command line and debug_main

   Not installed, not part of bpf-run's interface (that is debug.h).

   bpf-run --debug is a source-level debugger with gdb's commands, and
   --trace=calls / --trace=regs are tracers built on the same runs.

   The debugger has no executor of its own: it runs the interpreter, a
   third build of interp-body.h (vm_run_stepped), whose hook is called
   before every instruction and may stop the run there (breakpoints,
   watchpoints, stepping, Ctrl-C, --trace=regs), and at calls, returns,
   helper calls and tail calls (--trace=calls).  So a program behaves
   exactly as in a plain run, every instruction's semantics are written
   once, and the comparison of the interpreter with the kernel covers the
   debugger too.  The machine between two runs is d->m (registers, pc,
   frames pushed); the call frames themselves are the interpreter's
   (vm->frames, see dbg_frame), which gives backtraces, finish and next.

   Addresses are the simulator's: tag << 32 | offset.  A pc is an
   instruction index in the loaded code (all code sections concatenated),
   shown with the function and offset as <func+N>.  See doc/debugging.md.  */
#ifndef BPFSUPPORT_DEBUG_INT_H
#define BPFSUPPORT_DEBUG_INT_H

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
  struct vm_stepper m;          /* registers, pc, frames pushed */
  int state;                    /* 0 not running, 1 stopped, 2 faulted */
  int trace;
  /* what the running program is stopped for: dbg_run's STOP, called
     before each instruction; nonzero stops there */
  int (*stop)(struct dbg *d, void *arg);
  void *stop_arg;
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

enum { ST_OK = 0, ST_EXIT = 1, ST_FAULT = -1 };

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

#define EX_MAX_DEPTH 200

struct ex { struct dbg *d; const char *s; char err[256]; int depth; };

struct mapfind { const uint8_t *key; uint32_t ks; uint64_t addr; int found; };

struct mapdump { struct dbg *d; uint32_t kt, vt; int fmt; struct sbuf *out; int n; };

enum { R_CONT, R_STEP, R_NEXT, R_STEPI, R_NEXTI, R_UNTIL, R_ADVANCE };

struct cmdent { const char *name; int min; };

/* Call frame K of the stopped program (0 the outermost caller's, up to
   d->m.nf - 1): the caller's registers and where it returns.  */
static inline const struct frame *dbg_frame(const struct dbg *d, int k)
{
  return &d->vm->frames[d->vm->depth + k];
}

#define DBG_MAX_LINE (1u << 20)   /* longest interactive line */

extern volatile sig_atomic_t interrupted;

void on_sigint(int sig);
void dbg_err(struct dbg *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *base_name(const char *p);
int dbg_setup_ops(struct dbg *d);
const struct elo_line *line_exact(struct dbg *d, uint32_t pc);
const struct elo_line *line_at(struct dbg *d, uint32_t pc);
const char *func_name(struct dbg *d, uint32_t pc);
struct srcfile *source(struct dbg *d, const char *path);
const char *line_text(struct dbg *d, const char *file, uint32_t line);
void print_src_line(struct dbg *d, const char *file, uint32_t line);
void where_str(struct dbg *d, uint32_t pc, char *buf, size_t n);
void show_location(struct dbg *d, uint32_t pc, int with_func, int with_pc);
int dbg_read(struct dbg *d, uint64_t addr, void *buf, size_t n);
int dbg_write(struct dbg *d, uint64_t addr, const void *buf, size_t n);
void trace_call_args(struct dbg *d, int indent, const char *name, const uint64_t *R, int nargs);
void trace_calls_event(struct dbg *d, enum vm_event ev);
int dbg_run(struct dbg *d, int (*stop)(struct dbg *d, void *arg), void *arg);
void start_machine(struct dbg *d, uint32_t entry, const uint64_t args[5]);
void report_breakpoint(struct dbg *d, struct bp *b);
void disasm(struct dbg *d, uint32_t pc, char *text, size_t n, int syntax);
void exerr(struct ex *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void norm(struct dbg *d, struct val *v);
int64_t val_size(struct dbg *d, const struct val *v);
int val_kind(struct dbg *d, const struct val *v);
int frame_reg(struct dbg *d, int r, uint64_t *out);
uint32_t frame_pc(struct dbg *d, int k);
int scalar(struct ex *e, const struct val *v, uint64_t *out);
void skipws(struct ex *e);
int ident(struct ex *e, char *buf, size_t n);
int find_map(struct dbg *d, const char *name);
int reg_name(const char *s);
struct val expr(struct ex *e);
struct val assign(struct ex *e);
struct val mkint(uint64_t v);
int lookup_name(struct ex *e, const char *name, struct val *out);
struct val deref(struct ex *e, struct val p);
struct val member(struct ex *e, struct val s, const char *name);
int mapfind_cb(struct vm *vm, struct smap *m, const uint8_t *key, uint64_t val_addr, void *arg);
int map_indexable(const struct smap *m);
struct val index_map(struct ex *e, struct val m, struct val k);
struct val postfix(struct ex *e, struct val v);
int parse_cast(struct ex *e, uint32_t *type, int *ptrs);
struct val unary1(struct ex *e);
struct val unary(struct ex *e);
struct val term(struct ex *e);
struct val sum(struct ex *e);
void watch_refresh(struct dbg *d);
int store_mem(struct ex *e, struct val *l, uint64_t x);
int store_val(struct ex *e, struct val *l, uint64_t x);
int eval(struct dbg *d, const char *s, struct val *out, char *err, size_t errlen);
void sym_suffix(struct dbg *d, uint64_t addr, char *buf, size_t n);
int mapdump_cb(struct vm *vm, struct smap *m, const uint8_t *key, uint64_t val_addr, void *arg);
int format_val(struct dbg *d, struct val *v, int fmt, struct sbuf *out, char *err, size_t errlen);
int resolve_loc(struct dbg *d, const char *s, uint32_t *pc, char *err, size_t errlen);
struct bp *bp_new(struct dbg *d, int kind);
void bp_delete(struct dbg *d, int i);
struct bp *bp_at(struct dbg *d, uint32_t pc);
int watch_read(struct dbg *d, struct bp *b, uint8_t *buf);
void watch_value(struct dbg *d, struct bp *b, const uint8_t *bytes, struct sbuf *out);
void do_displays(struct dbg *d);
const char *xdp_action(uint64_t r);
void report_exit(struct dbg *d);
void report_fault(struct dbg *d);
void resume(struct dbg *d, int mode, uint32_t target);
void finish(struct dbg *d);
void cmd_run(struct dbg *d);
char *skip(char *s);
int need_running(struct dbg *d);
void cmd_break(struct dbg *d, char *arg, int temp);
void cmd_watch(struct dbg *d, char *arg);
void cmd_info_breakpoints(struct dbg *d);
void cmd_delete(struct dbg *d, char *arg, int enable);
void cmd_info_registers(struct dbg *d, char *arg);
void frame_line(struct dbg *d, int k);
void cmd_backtrace(struct dbg *d);
void cmd_frame(struct dbg *d, char *arg, int rel);
int parse_fmt(char **arg);
void cmd_print(struct dbg *d, char *arg);
void cmd_x(struct dbg *d, char *arg);
void cmd_list(struct dbg *d, char *arg);
void cmd_disassemble(struct dbg *d, char *arg);
void cmd_info_maps(struct dbg *d);
void cmd_display(struct dbg *d, char *arg);
void cmd_undisplay(struct dbg *d, char *arg);
void cmd_set(struct dbg *d, char *arg);
void cmd_help(void);
const char *lookup_cmd(const char *w);
void execute(struct dbg *d, char *line);
int repeatable(const char *line);
void run_line(struct dbg *d, char *line);
char *read_line(struct dbg *d, const char *prompt);

#endif
