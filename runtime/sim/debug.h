/* debug.h - bpf-run's source-level debugger (--debug, -x) and call/
   register tracing (--trace=calls, --trace=regs).  See doc/debugging.md.

   debug.c and debug-*.c (split by concern: see debug-int.h, their
   internal interface); debug-btf.c: BTF types through libbpf (kept apart
   because libbpf's headers and runtime/insn.h both define BPF_*).  */
#ifndef BPFSUPPORT_DEBUG_H
#define BPFSUPPORT_DEBUG_H

#include <stddef.h>
#include <stdint.h>

struct vm;

/* Options parsed from bpf-run's command line.  */
struct dbg_opts {
  int debug;               /* --debug: interactive (or -x) session */
  const char *xfiles[16];  /* -x FILE: commands run first */
  int nx;
  int batch;               /* --batch: exit after the -x files */
  int trace;               /* DBG_TRACE_*: run through the stepper */
};
enum { DBG_TRACE_CALLS = 1, DBG_TRACE_REGS = 2 };

/* Recognise a debugger option at argv[*i] (advancing *i past its value).
   Returns 1 when consumed, 0 when not ours; exits 2 on a bad value.  */
int debug_parse_opt(struct dbg_opts *o, int argc, char **argv, int *i);

/* Build the packet/context of one run and its r1..r5 (bpf-run's own
   preparation, the same as a plain run).  */
typedef void (*dbg_prepare_fn)(struct vm *vm, void *arg, uint64_t args[5]);

/* The interactive debugger on program PROG of VM.  Returns bpf-run's exit
   status.  */
int debug_main(struct vm *vm, const char *file, int prog, dbg_prepare_fn prep, void *arg,
               const struct dbg_opts *o);

/* Run like vm_run, through the debugger's stepper, printing calls
   (DBG_TRACE_CALLS) or every instruction with the registers it changed
   (DBG_TRACE_REGS) to vm->out.  */
int debug_trace_run(struct vm *vm, uint32_t entry, const uint64_t args[5], uint64_t *ret, int mode);

/* ---- debug-btf.c ---- */

struct sbuf { char *p; size_t n, cap; };
void sb_printf(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_free(struct sbuf *b);

struct dbtf;
struct elo_object;
/* The BTF and symbols the loader read with O (borrowed: O outlives the
   debugger's view).  NULL: no usable BTF.  */
struct dbtf *dbtf_open(const struct elo_object *o);
void dbtf_close(struct dbtf *t);

enum { DK_VOID, DK_INT, DK_PTR, DK_ARRAY, DK_STRUCT, DK_UNION, DK_ENUM, DK_FUNC, DK_FLOAT, DK_OTHER };
/* Kind after typedefs and qualifiers.  */
int dbtf_kind(struct dbtf *t, uint32_t type);
uint32_t dbtf_strip(struct dbtf *t, uint32_t type);  /* skip typedef/const/volatile */
int64_t dbtf_size(struct dbtf *t, uint32_t type);    /* -1 when unknown */
int dbtf_signed(struct dbtf *t, uint32_t type);
uint32_t dbtf_pointee(struct dbtf *t, uint32_t type);
int dbtf_array(struct dbtf *t, uint32_t type, uint32_t *elem, uint32_t *n);
int dbtf_member(struct dbtf *t, uint32_t type, const char *name, uint32_t *mtype,
                uint32_t *bitoff, uint32_t *bitsz);
void dbtf_type_name(struct dbtf *t, uint32_t type, int ptrs, char *buf, size_t n);
/* Parse "struct point", "unsigned int", "__u32" ... (no stars).  */
int dbtf_find_type(struct dbtf *t, const char *name, uint32_t *type);
int dbtf_find_var(struct dbtf *t, const char *name, char *sec, size_t seclen,
                  uint32_t *off, uint32_t *type);
int dbtf_var_at(struct dbtf *t, const char *sec, uint32_t off, char *name, size_t n, uint32_t *voff);
int dbtf_enum_const(struct dbtf *t, const char *name, int64_t *val, uint32_t *type);
int dbtf_map_types(struct dbtf *t, const char *map, uint32_t *ktype, uint32_t *vtype);
/* Names of the parameters of function FUNC; returns their count (-1). */
int dbtf_func_params(struct dbtf *t, const char *func, char names[5][32]);
/* Format DATA (LEN bytes) as TYPE: gdb's print syntax.  FMT 'x' prints
   integers in hex.  */
void dbtf_format(struct dbtf *t, uint32_t type, const uint8_t *data, size_t len, int fmt,
                 struct sbuf *out);
/* Format an integer or enum VALUE of TYPE.  */
void dbtf_format_scalar(struct dbtf *t, uint32_t type, uint64_t value, int fmt, struct sbuf *out);

#endif
