/* asm.h - bpf-asm internals: assembler state, ELF writer, disassembler.  */
#ifndef BPFSUPPORT_ASM_H
#define BPFSUPPORT_ASM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "insn.h"

/* <elf.h> with the BPF relocation numbers (LLVM's, what libbpf
   understands) and e_flags it lacks.  */
#include "obj/bpf-elf.h"

enum asm_syntax_mode { ASM_SYNTAX_AUTO, ASM_SYNTAX_GNU, ASM_SYNTAX_PSEUDOC };

struct asm_opts {
  enum asm_syntax_mode syntax;
  int xbpf;            /* -mxbpf: sdiv/smod mean the xBPF encodings, e_flags */
  int max_errors;      /* 0: unlimited */
  FILE *diag;          /* where diagnostics go (NULL: discard) */
  size_t max_expand;   /* bytes of macro/.rept/.irp expansion (0: 64 MiB) */
  /* --app-stats: one line "LINE ASSEMBLED SKIPPED" per #APP...#NO_APP block (GCC's
     inline asm), COUNT the statements assembled in it (NULL: none).  */
  FILE *app_stats;
  int cpu;             /* -mcpu=vN: the BPF ISA version, 1..4 (0: v4) */
  /* --omit-empty-sections: no .data or .bss section when it is empty and
     unreferenced, as clang's objects (gas, and so the default, always
     writes both; libbpf and bpftool report them on every open).  */
  int omit_empty;
  /* Warnings, as gas's options say: -W/--no-warn prints none,
     --fatal-warnings makes any an error (no object); --no-warn-sign-
     extended-imm drops only the warning about a 64-bit operation's
     immediate in [2^31, 2^32).  */
  int no_warn, fatal_warnings, no_warn_sext;
};

struct asm_sym {
  char *name;
  int sec;             /* section index, or one of ASM_SEC_* */
  uint64_t value, size;
  uint8_t bind, type, vis;
  uint8_t temp;        /* .L / numeric local / internal: not in symtab */
  uint8_t explicit_local, size_set, referenced, is_file;
  uint8_t set_defined; /* defined by .set/.equ/=: may be set again */
  uint8_t dead;        /* replaced by a later .set of the same name */
  int alias;           /* .set to a symbol undefined there: its index + 1 */
  int64_t alias_add;   /* ... plus this */
  int elf_index;
  uint64_t common_align;
};
#define ASM_SEC_UNDEF (-1)
#define ASM_SEC_ABS (-2)
#define ASM_SEC_COMMON (-3)

struct asm_reloc { uint64_t off; int type; int sym; /* asm_sym index, or -1-secidx for a section symbol */ };

struct asm_sec {
  char *name;
  uint32_t type;
  uint64_t flags, entsize, align;
  uint8_t *data;
  size_t size, cap;
  struct asm_reloc *rels;
  size_t nrel, relcap;
  int elf_index, sym_index;
  int too_big;
  int entsize_line;    /* the line that set entsize (0: none) */
};

struct asm_ctx;

/* Assemble TEXT (LEN bytes) named FILE.  Returns a context (never NULL)
   whose error count tells success.  */
struct asm_ctx *asm_run(const char *file, const char *text, size_t len,
                        const struct asm_opts *opts);
int asm_errors(const struct asm_ctx *);
/* Write the object to PATH: a regular file via a temporary and rename,
   a device or FIFO written through.  0 on success.  */
int asm_write_elf(struct asm_ctx *, const char *path);
/* Whether OUT exists and is the regular file IN ("-": standard input).  */
int asm_same_file(const char *out, const char *in);
/* Remove a failed run's output PATH if it is a regular file or symlink,
   never a device, FIFO or directory (gas's unlink_if_ordinary).  */
void asm_remove_output(const char *path);
void asm_free(struct asm_ctx *);

/* Accessors for the ELF writer.  */
size_t asm_nsecs(const struct asm_ctx *);
struct asm_sec *asm_sec_at(struct asm_ctx *, size_t i);
size_t asm_nsyms(const struct asm_ctx *);
struct asm_sym *asm_sym_at(struct asm_ctx *, size_t i);
uint32_t asm_eflags(const struct asm_ctx *);
int asm_omit_empty(const struct asm_ctx *);
const char *asm_file(const struct asm_ctx *);

/* Disassembler: print OBJ as reassemblable source.  0 on success.  */
int dis_file(const char *path, enum bpf_syntax syntax, int show_bytes, FILE *out);

/* ================= internals of the assembler =================
   What the assembler's files (asm.c, names.c, symbols.c, sections.c,
   lex.c, expr.c, emit.c, gnu.c, pseudoc.c, directives.c, macro.c,
   statement.c, resolve.c) share; nothing else uses it.  */

#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Limits: BPF objects are small; these keep hostile input from eating
   the machine.  */
#define ASM_MAX_FILL (16 << 20)
#define ASM_MAX_SECTION (256 << 20)
#define ASM_MAX_NUMLABEL 10000
#define ASM_MAX_EXPR_DEPTH 500
/* Macro, .rept and .irp expansions nest at most this deep (gas's
   default), and expand to at most ASM_MAX_EXPAND bytes in total.  */
#define ASM_MAX_NEST 100
#define ASM_MAX_EXPAND ((size_t) 64 << 20)

#define GROW(arr, n, cap)                                           \
  do {                                                              \
    if ((n) >= (cap)) {                                             \
      (cap) = (cap) ? (cap) * 2 : 16;                               \
      (arr) = xrealloc ((arr), (cap) * sizeof *(arr));              \
    }                                                               \
  } while (0)

/* ---------- expressions ---------- */

struct expr {
  int add, sub;        /* symbol indexes or -1 */
  int64_t k;
  /* 0, or 1 + the index in c->post of the last of operations with
     constants to apply to add - sub + k once both are known: a data
     directive's ((l_break - 1b - 8) / 8) & 0xffff, as can_loop writes
     it, with l_break a label further on (see post_op).  */
  int post;
};



/* One operation of an expression's post chain: value = value OP V.  */
struct post_op { int op; int64_t v; int prev; };

#define ASM_MAX_POST 16



enum fx_kind { FX_IMM32, FX_OFF16, FX_JUMP16, FX_JUMP32, FX_CALL, FX_LDDW,
               FX_DATA };



struct fixup {
  enum fx_kind kind;
  int sec;
  size_t off;          /* offset of the instruction or datum */
  int size;            /* FX_DATA */
  struct expr e;
  int line, col, ctx;
  int jump_no;         /* FX_JUMP16 to a label: the jump's number (relax.c) */
  int short_only;      /* FX_JUMP16 to a label: the CPU has no gotol (relax.c) */
  /* FX_JUMP16 through islands (relax.c): 1 + the index of the island
     the jump goes to (its expression then only names the label), and
     ISL_WAIT while an island's jump waits for the expression of the jump
     that will use it.  */
  int isl_target, isl_wait;
};

/* Below v4, the hops a pass writes for jumps beyond the soft limit
   (relax.c): island HOP of jump JUMP_NO goes in front of the ANCHOR-th
   instruction statement.  */
struct island { unsigned jump_no, hop, anchor; };
/* What a pass of asm_run tells the next about jumps to labels.  */
struct relax_plan {
  unsigned *longj; size_t nlong;   /* jumps written long (gotol), sorted */
  struct island *isl; size_t nisl; /* sorted by jump number, then hop */
  size_t *order;                   /* isl's indexes by anchor */
};
/* An island as this pass wrote it.  */
struct island_state {
  int emitted, sec; size_t off;
  int fx;                          /* its jump's fixup, waiting (-1: none) */
  int have_e; struct expr e; int line, col, ctx;   /* its target, read first */
};
/* A jump found beyond range, below v4: the instruction slots from and to.  */
struct isl_want { unsigned jump_no; int sec; int64_t from, to; };
/* Instructions bpf-asm put between the author's (relax.c): a group of
   branch islands (its skip and hops), or what a long form adds after its
   first instruction.  N instructions at byte OFF of section SEC.  */
struct insertion { int sec; size_t off; size_t n; };
/* A jump or pc-relative call written with a number (relax.c): at byte
   OFF of SEC, K instructions, in the offset (16 bits) or, WIDE, the
   immediate (32).  */
struct numjump { int sec; size_t off; int64_t k; int wide; int line, col, ctx; };



struct size_dir { int sym; struct expr e; int line, col, ctx; };



/* Macros, .rept/.irp/.irpc and conditionals (see "macros" below).  */
struct macro {
  char *name;          /* lower case: gas's macro names ignore case */
  char **formal, **def;
  uint8_t *req;
  int nformal, vararg; /* vararg: the last formal takes the rest */
  char *body;          /* lines, each ending in '\n' */
  size_t len;
  int nlines, line, bodyline, ctx;
  unsigned count;      /* invocations so far (\+) */
  int dead;            /* purged */
  /* formal's index + 1 by name hash (open addressing, 0: empty; FHCAP a
     power of two): finding a formal is O(1), so 80,000 parameters cost
     linear time, not quadratic.  */
  int *fhash;
  size_t fhcap;
};



enum frame_kind { FRAME_FILE, FRAME_MACRO, FRAME_LOOP };

struct frame {
  char *buf;           /* owned, except the file frame's (asm_run_pass's text) */
  size_t len, pos;
  uint64_t reps;       /* further passes over buf (.rept) */
  int line0, nlines, idx;   /* line of the idx'th line: line0 + idx % nlines */
  int ctx;             /* expansion context of the lines */
  size_t ncond;        /* conditional depth when the frame was entered */
  enum frame_kind kind;
  int has_nul;         /* buf holds a NUL byte: lines are checked for one */
  /* The statements of a line still to assemble after a frame above this
     one (a macro the line invoked) is read: run_pieces.  */
  char *pend;
  size_t pendlen, pendoff;
  int pendline;
};



/* One macro invocation: where it was, in which context.  */
struct xctx { int parent; int line, col; int macro; };



struct cond {
  int line, col, ctx;
  uint8_t outer;       /* the enclosing region assembles */
  uint8_t active;      /* the current branch assembles */
  uint8_t taken;       /* a branch was (or cannot be) chosen */
  uint8_t seen_else;
};



enum defn_kind { DEFN_NONE, DEFN_MACRO, DEFN_REPT, DEFN_IRP, DEFN_IRPC };

struct defn {
  enum defn_kind kind;
  int depth;           /* nested .macro (or .rept/.irp/.irpc) lines */
  int line, col, ctx;
  size_t frame;        /* frame depth where it started */
  char *body;
  size_t len, cap;
  int nlines, bodyline;
  int bad;             /* errors in the header: collect, then drop */
  struct macro m;      /* DEFN_MACRO */
  char *var, *list;    /* DEFN_IRP, DEFN_IRPC */
  int64_t count;       /* DEFN_REPT */
};



/* An open-addressing hash table from names to entry numbers, for the
   symbols and for the macros: a slot holds an entry's number, or -1.
   It doubles before it is more than half full, so probe runs stay
   short.  */
struct name_index {
  int *slot;
  size_t size;         /* a power of two; 0 until the first entry */
  size_t first;        /* the size it starts at */
  int fold;            /* names ignore case (macros, as in gas) */
  /* The name of entry I, or NULL when the entry has left the table.  */
  const char *(*name) (const struct asm_ctx *c, int i);
};



struct asm_ctx {
  const struct asm_opts *opts;
  const char *file;
  int nerr;
  /* sections */
  struct asm_sec *secs;
  size_t nsecs, seccap;
  struct name_index secidx;
  int cur, prev;
  int *stack; size_t nstack, stackcap;
  /* symbols, with a hash table */
  struct asm_sym *syms;
  size_t nsyms, symcap;
  struct name_index symidx;
  /* fixups */
  struct fixup *fx; size_t nfx, fxcap;
  struct size_dir *sz; size_t nsz, szcap;
  /* numeric local labels: instance counters */
  int numlab[ASM_MAX_NUMLABEL];
  int ntemp;
  uint32_t eflags;
  /* current line */
  int line;
  const char *linestart;
  const char *p;       /* cursor */
  int stmt_err;        /* an error was reported for this statement */
  uint8_t *scratch;
  size_t scratch_cap;
  /* macros and conditionals */
  struct macro *macs; size_t nmacs, maccap;
  struct name_index macidx;
  struct frame *frames; size_t nframes, framecap;
  struct xctx *xctx; size_t nxctx, xctxcap;
  struct cond *conds; size_t nconds, condcap;
  struct defn defn;
  int ctx;             /* expansion context of the current line (-1: none) */
  size_t expanded, max_expand;
  unsigned macro_number;
  int fatal;           /* stop reading input */
  int in_comment;
  char *lbuf; size_t lbufcap;
  /* Inside GCC's #APP ... #NO_APP (an inline asm block): where it
     started, how many of its own statements (not those of expansions)
     were assembled, and how many were skipped on purpose (in a branch of
     a conditional not taken, or taken into a macro or .rept body).  */
  int in_app, app_line;
  unsigned app_stmts, app_skipped;
  int gcc_file;        /* the file starts as bpf-gcc's output does */
  /* post chains of expressions (struct expr.post); allow_post: the
     expression being read may have one (a data directive's).  */
  struct post_op *post; size_t npost, postcap;
  int allow_post;
  int edepth;          /* parse_primary's nesting */
  /* Branch relaxation (relax.c): jumps to labels are numbered as they
     are read; PLAN says which this pass writes in their long form or
     through islands, WANT (v4) and IWANT (below) those found out of
     range in it.  */
  unsigned njumps;
  const struct relax_plan *plan;
  unsigned *want; size_t nwant, wantcap;
  /* Islands (below v4): this pass's state of the plan's islands, the
     next one by anchor, the jumps found beyond range, and where each
     instruction statement began (section, offset), to place islands.  */
  struct island_state *isls; size_t isl_next;
  struct isl_want *iwant; size_t niwant, iwantcap;
  int *stmt_sec; size_t *stmt_off; unsigned nstmts; size_t stmtcap;
  /* Jumps written with a number, and what bpf-asm inserted (islands,
     long forms): relax_numeric counts the inserted instructions.  */
  struct insertion *ins; size_t nins, inscap;
  struct numjump *nj; size_t nnj, njcap;
  int no_relax;        /* last pass: out-of-range jumps are errors */
  int cpu;             /* the ISA version in effect: -mcpu=, then .cpu */
  int omit_empty;      /* asm_opts.omit_empty */
  FILE *print;         /* where .print writes (stdout, held per pass) */
  int nwarn;           /* warnings printed (--fatal-warnings) */
};



#define COL(c, ptr) ((int) ((ptr) - (c)->linestart) + 1)

#define ERR(c, ...)                                                    \
  do {                                                                 \
    if (!(c)->stmt_err)                                                \
      diag_at ((c), (c)->line, COL ((c), (c)->p), __VA_ARGS__);        \
  } while (0)

/* Binary operators with gas's precedence (also LLVM's in GNU mode):
   * / % << >>  above  | & ^ ! (or-not)  above  + -  above  the
   comparisons  above  &&  above  ||.  Operators of equal precedence
   associate to the left.  Returns the precedence (0: not an operator),
   the operator in *OP and its length in *LEN.  */
enum { OP_SHL = 256, OP_SHR, OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
       OP_LAND, OP_LOR, OP_ORNOT };

/* Operand model shared by both syntaxes.  */
enum opk { OK_NONE, OK_REG, OK_MEM, OK_EXPR, OK_KFUNC };

struct operand {
  enum opk kind;
  int reg;             /* OK_REG, OK_MEM base */
  int w;               /* written as wN */
  struct expr e;       /* OK_EXPR value, OK_MEM offset */
  const char *at;
  int sign;            /* expression written with explicit sign (+N/-N) */
};

/* ---------- macros, repetitions and conditionals ---------- */

/* gas feeds the expansion of a macro, .rept, .irp or .irpc back into its
   input; so does bpf-asm, through a stack of frames (the file at the
   bottom).  A macro body is substituted once, when it is invoked, like
   gas's macro_expand_body; conditionals are a stack of struct cond.  */

struct sbuf { char *p; size_t n, cap; };

/* Hot helpers, inline in every file.  */

/* ---------- lexing ---------- */

static inline void
skip_ws (struct asm_ctx *c)
{
  while (*c->p == ' ' || *c->p == '\t' || *c->p == '\r' || *c->p == '\f'
         || *c->p == '\v')
    c->p++;
}

static inline int
is_end (struct asm_ctx *c)
{
  skip_ws (c);
  return *c->p == 0;
}

static inline int
is_idstart (int ch)
{
  return isalpha (ch) || ch == '_' || ch == '.' || ch == '$';
}

static inline int
is_idchar (int ch)
{
  return isalnum (ch) || ch == '_' || ch == '.' || ch == '$';
}

static inline int
accept (struct asm_ctx *c, char ch)
{
  skip_ws (c);
  if (*c->p == ch)
    {
      c->p++;
      return 1;
    }
  return 0;
}

static inline int
accept_str (struct asm_ctx *c, const char *s)
{
  skip_ws (c);
  size_t n = strlen (s);
  if (strncmp (c->p, s, n) == 0)
    {
      c->p += n;
      return 1;
    }
  return 0;
}

/* ---------- expressions ---------- */

static inline struct expr
econst (int64_t k)
{
  struct expr e = { -1, -1, k, 0 };
  return e;
}

static inline int
eisconst (const struct expr *e)
{
  return e->add < 0 && e->sub < 0 && !e->post;
}

static inline int
is_ws (int ch)
{
  return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v';
}


/* asm.c */
void * xrealloc (void *p, size_t n);
char * xstrndup (const char *s, size_t n);

void loc_print (struct asm_ctx *c, int line, int col);
void vdiag (struct asm_ctx *c, const char *sev, int ctx, int line, int col, const char *fmt, va_list ap);
int count_error (struct asm_ctx *c);
void diag_loc (struct asm_ctx *c, int ctx, int line, int col, const char *fmt, ...);
void warn_loc (struct asm_ctx *c, int ctx, int line, int col, const char *fmt, ...);
void diag_at (struct asm_ctx *c, int line, int col, const char *fmt, ...);

/* names.c */
/* Lookups are inline: one runs for every symbol, macro name and
   directive read (names.c has the rest).  */
/* The first slot to probe for the N bytes at S: FNV-1a, of the lower
   case letters when X folds case.  */
static inline size_t
nidx_hash (const struct name_index *x, const char *s, size_t n)
{
  unsigned h = 2166136261u;
  if (x->fold)
    for (size_t i = 0; i < n; i++)
      h = (h ^ (unsigned char) tolower ((unsigned char) s[i])) * 16777619u;
  else
    for (size_t i = 0; i < n; i++)
      h = (h ^ (unsigned char) s[i]) * 16777619u;
  return h & (x->size - 1);
}

/* Whether NAME is the N bytes at S (ignoring case when X folds).  */
static inline int
nidx_same (const struct name_index *x, const char *name, const char *s,
           size_t n)
{
  if (x->fold)
    {
      for (size_t i = 0; i < n; i++)
        {
          unsigned char a = (unsigned char) name[i], b = (unsigned char) s[i];
          if (!a || tolower (a) != tolower (b))
            return 0;
        }
    }
  else
    for (size_t i = 0; i < n; i++)
      if (!name[i] || name[i] != s[i])
        return 0;
  return name[n] == 0;
}

/* The entry named by the N bytes at S, or -1.  */
static inline int
nidx_find (const struct asm_ctx *c, const struct name_index *x,
           const char *s, size_t n)
{
  if (!x->size)
    return -1;
  size_t h = nidx_hash (x, s, n);
  while (x->slot[h] >= 0)
    {
      const char *nm = x->name (c, x->slot[h]);
      if (nm && nidx_same (x, nm, s, n))
        return x->slot[h];
      h = (h + 1) & (x->size - 1);
    }
  return -1;
}

void nidx_insert (struct name_index *x, const char *s, size_t n, int i);
void nidx_grow (const struct asm_ctx *c, struct name_index *x, size_t n);

/* symbols.c */
const char * sym_name (const struct asm_ctx *c, int i);
int sym_get (struct asm_ctx *c, const char *name, size_t n);
int sym_redefine (struct asm_ctx *c, int s);
int sym_temp_here (struct asm_ctx *c);

/* sections.c */
int sec_find (struct asm_ctx *c, const char *name, size_t n);
const char * sec_name (const struct asm_ctx *c, int i);
void default_attrs (const char *name, uint32_t *type, uint64_t *flags);
int sec_get (struct asm_ctx *c, const char *name, size_t n);
void sec_switch (struct asm_ctx *c, int s);
int sec_nobits (struct asm_ctx *c);
uint8_t * scratch (struct asm_ctx *c, size_t n);
uint8_t * emit (struct asm_ctx *c, size_t n);
void emit_bytes_checked (struct asm_ctx *c, const uint8_t *b, size_t n);
void add_reloc (struct asm_ctx *c, int sec, uint64_t off, int type, int sym);

/* lex.c */
size_t ident (struct asm_ctx *c, const char **start);
int expect (struct asm_ctx *c, char ch);

/* expr.c */
int sym_defined_in (struct asm_ctx *c, int s, int *sec, int64_t *v);
void efold (struct asm_ctx *c, struct expr *e);
int parse_number (struct asm_ctx *c, int64_t *out);
int numlabel_ref (struct asm_ctx *c, int n, int fwd);
struct expr parse_primary (struct asm_ctx *c);
struct expr parse_primary_1 (struct asm_ctx *c);
int binop_prec (struct asm_ctx *c, int *op, int *len);
int ecompare (struct asm_ctx *c, struct expr a, struct expr b, int op, int64_t *res);
int64_t binop_const (int op, int64_t a, int64_t b);
int post_add (struct asm_ctx *c, struct expr *e, int op, int64_t k);
struct expr parse_binary (struct asm_ctx *c, int minprec);
struct expr parse_expr (struct asm_ctx *c);
void add_fixup (struct asm_ctx *c, enum fx_kind k, size_t off, int size, struct expr e, const char *at);
int64_t const_expr (struct asm_ctx *c);

/* emit.c */
void define_label (struct asm_ctx *c, int s, const char *at);
void emit_insn (struct asm_ctx *c, struct bpf_insn *in);
int check_range (struct asm_ctx *c, int64_t v, int64_t lo, int64_t hi, const char *what, const char *at);
int32_t imm32_operand (struct asm_ctx *c, struct expr *e, const char *at, size_t insn_off, enum fx_kind kind);
void check_sext_imm (struct asm_ctx *c, uint8_t code, int64_t k, int ctx, int line, int col);
int parse_reg_name (struct asm_ctx *c, int *w);

/* gnu.c */
int gnu_operand (struct asm_ctx *c, struct operand *o);
int fmt_operands (int fmt, enum opk k[3]);
int lddw_pseudo (struct asm_ctx *c, int64_t *a, int64_t *b);
void gnu_insn (struct asm_ctx *c, const char *mn, size_t mnlen, const char *at);
void assemble_op (struct asm_ctx *c, const struct bpf_op *op, struct operand *o, int nops_given, const char *at);

/* pseudoc.c */
int pc_reg (struct asm_ctx *c, int *w);
int pc_sizetype (struct asm_ctx *c, int *sign);
int pc_addr (struct asm_ctx *c, struct operand *m, int paren);
const struct bpf_op * find_op (uint8_t code, int fmt, int fixoff, int off, int fiximm, int imm);
int pc_value (struct asm_ctx *c, struct operand *o);
void pc_target (struct asm_ctx *c, struct operand *t);
void pc_finish (struct asm_ctx *c, const struct bpf_op *op, struct operand *o, int n, const char *at);
void pc_insn (struct asm_ctx *c, const char *at);

/* directives.c */
int parse_string (struct asm_ctx *c, uint8_t **out, size_t *len);
void emit_data_value (struct asm_ctx *c, int size, struct expr e, const char *at);
void do_align (struct asm_ctx *c, uint64_t a, int fill, int has_fill);
void parse_section_args (struct asm_ctx *c, int s);
int section_name (struct asm_ctx *c, const char **name);
int sym_operand (struct asm_ctx *c);
void comm (struct asm_ctx *c, int local);
int dir_is (const char *d, size_t n, const char *name);
int directive (struct asm_ctx *c, const char *d, size_t n);

/* macro.c */
void sb_add (struct sbuf *b, const char *s, size_t n);
int word_is (const char *s, size_t n, const char *name);
size_t first_word (const char *s, const char **w);
const char * macro_name (const struct asm_ctx *c, int i);
void macro_free (struct macro *m);
void defn_free (struct defn *d);
char * macro_arg (struct asm_ctx *c);
void skip_comma (struct asm_ctx *c);
int subst (struct asm_ctx *c, const char *body, size_t len, int nf, char *const *names, char *const *vals, long macro_count, struct sbuf *out, size_t limit);
size_t budget_left (struct asm_ctx *c);
void fatal_nest (struct asm_ctx *c, int ctx, int line, int col);
void fatal_size (struct asm_ctx *c, int ctx, int line, int col, const char *what);
void frame_push (struct asm_ctx *c, char *buf, size_t len, uint64_t reps, int line0, int nlines, int ctx, enum frame_kind kind);
const char * defn_what (enum defn_kind k);
void frame_pop (struct asm_ctx *c);
int expansion_depth (struct asm_ctx *c);
int formal_index (const struct macro *m, const char *s, size_t n);
void defn_begin (struct asm_ctx *c, enum defn_kind kind, const char *at);
void macro_begin (struct asm_ctx *c, const char *at);
void defn_line (struct asm_ctx *c, const char *line);
void macro_end (struct asm_ctx *c);
void macro_invoke (struct asm_ctx *c, int mi, const char *at);
void loop_begin (struct asm_ctx *c, enum defn_kind kind, const char *at);
void loop_end (struct asm_ctx *c);
int cond_active (struct asm_ctx *c);
char * ifc_string (struct asm_ctx *c, int term);
const char * ifc_reg (const char *s);
int cond_eval (struct asm_ctx *c, const char *d, size_t n);
int is_if_directive (const char *d, size_t n);
int cond_directive (struct asm_ctx *c, const char *d, size_t n);

/* directives.c: one row per directive (gas's potable).  */
enum { PSEUDO_DONE, PSEUDO_CHECK_END };
enum { MSG_ERROR, MSG_WARNING, MSG_PRINT };
struct pseudo_op
{
  const char *name;
  /* Parse the operands (c->p after the name; D the name in the line):
     PSEUDO_CHECK_END when the line must end there.  */
  int (*fn) (struct asm_ctx *c, const char *d, const struct pseudo_op *op);
  int arg;          /* the row's flavour: a size, a kind */
};
const struct pseudo_op *pseudo_lookup (const char *d, size_t n);
int pseudo_table_check (void);
/* macro.c's rows: macros, loops, messages.  */
int s_macro (struct asm_ctx *c, const char *d, const struct pseudo_op *op);
int s_loop (struct asm_ctx *c, const char *d, const struct pseudo_op *op);
int s_end_without_begin (struct asm_ctx *c, const char *d, const struct pseudo_op *op);
int s_exitm (struct asm_ctx *c, const char *d, const struct pseudo_op *op);
int s_purgem (struct asm_ctx *c, const char *d, const struct pseudo_op *op);
int s_message (struct asm_ctx *c, const char *d, const struct pseudo_op *op);
int s_fail (struct asm_ctx *c, const char *d, const struct pseudo_op *op);
int s_altmacro (struct asm_ctx *c, const char *d, const struct pseudo_op *op);

/* statement.c */
int looks_pseudoc (const char *s);
void statement (struct asm_ctx *c);
int gcc_first_line (const char *line);
int plugin_core_mark (const char *r);
int gcc_line_marker (const char *r);
size_t split_line (char *s, int comments, int *in_comment, int in_app, int semi_comment);
void process_line (struct asm_ctx *c, const char *start, char *line);
void app_marker (struct asm_ctx *c, const char *line);
int run_pieces (struct asm_ctx *c, char *buf, size_t len, size_t off, int line);
void run_lines (struct asm_ctx *c);

/* resolve.c */
void put32 (uint8_t *p, uint32_t v);
void put16 (uint8_t *p, uint16_t v);
void resolve_section_names (struct asm_ctx *c);
void resolve_aliases (struct asm_ctx *c);
void apply_fixups (struct asm_ctx *c);

/* relax.c: jumps to labels farther than this take their long form.  */
#define RELAX_SOFT_LIMIT (INT16_MAX / 2)
int relax_jump (struct asm_ctx *c, struct bpf_insn *in, struct operand *t,
                size_t here);
int relax_defer (struct asm_ctx *c, const struct fixup *f, int64_t delta);
int64_t relax_soft_limit (const struct asm_ctx *c, const struct fixup *f);
void relax_insn_start (struct asm_ctx *c);
int relax_island_fixup (struct asm_ctx *c, struct fixup *f);
void relax_numeric_jump (struct asm_ctx *c, size_t here, int64_t k, int wide,
                         const char *at);
void relax_numeric (struct asm_ctx *c);
int relax_plan_next (struct relax_plan *p, const struct asm_ctx *c);
void relax_plan_free (struct relax_plan *p);
/* "v1".."v4": 1..4; anything else: 0.  */
int cpu_version (const char *name);

#endif
