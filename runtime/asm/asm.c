/* asm.c - bpf-asm: parser for GNU and pseudo-C BPF assembly, directives,
   symbols, expressions and fixups.  */
#include "asm/asm.h"

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

/* ---------- small helpers ---------- */

static void *
xrealloc (void *p, size_t n)
{
  void *q = realloc (p, n ? n : 1);
  if (!q)
    {
      fputs ("bpf-asm: out of memory\n", stderr);
      exit (2);
    }
  return q;
}

static char *
xstrndup (const char *s, size_t n)
{
  char *p = xrealloc (NULL, n + 1);
  memcpy (p, s, n);
  p[n] = 0;
  return p;
}

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
static int64_t binop_const (int op, int64_t a, int64_t b);

enum fx_kind { FX_IMM32, FX_OFF16, FX_JUMP16, FX_JUMP32, FX_CALL, FX_LDDW,
               FX_DATA };

struct fixup {
  enum fx_kind kind;
  int sec;
  size_t off;          /* offset of the instruction or datum */
  int size;            /* FX_DATA */
  struct expr e;
  int line, col, ctx;
};

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
};

enum frame_kind { FRAME_FILE, FRAME_MACRO, FRAME_LOOP };
struct frame {
  char *buf;           /* owned */
  size_t len, pos;
  uint64_t reps;       /* further passes over buf (.rept) */
  int line0, nlines, idx;   /* line of the idx'th line: line0 + idx % nlines */
  int ctx;             /* expansion context of the lines */
  size_t ncond;        /* conditional depth when the frame was entered */
  enum frame_kind kind;
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
     started and how many statements were assembled in it.  */
  int in_app, app_line;
  unsigned app_stmts;
  int gcc_file;        /* the file starts as bpf-gcc's output does */
  /* post chains of expressions (struct expr.post); allow_post: the
     expression being read may have one (a data directive's).  */
  struct post_op *post; size_t npost, postcap;
  int allow_post;
  int edepth;          /* parse_primary's nesting */
};

int asm_errors (const struct asm_ctx *c) { return c->nerr; }
size_t asm_nsecs (const struct asm_ctx *c) { return c->nsecs; }
struct asm_sec *asm_sec_at (struct asm_ctx *c, size_t i) { return &c->secs[i]; }
size_t asm_nsyms (const struct asm_ctx *c) { return c->nsyms; }
struct asm_sym *asm_sym_at (struct asm_ctx *c, size_t i) { return &c->syms[i]; }
uint32_t asm_eflags (const struct asm_ctx *c) { return c->eflags; }
const char *asm_file (const struct asm_ctx *c) { return c->file; }

static void
loc_print (struct asm_ctx *c, int line, int col)
{
  if (line <= 0)
    fprintf (c->opts->diag, "%s: ", c->file);
  else if (col > 0)
    fprintf (c->opts->diag, "%s:%d:%d: ", c->file, line, col);
  else
    fprintf (c->opts->diag, "%s:%d: ", c->file, line);
}

/* Report at LINE:COL of expansion context CTX.  Inside a macro the
   primary location is the outermost invocation (a line of the file), and
   notes walk inwards to the line of each macro body, as GCC does for C
   macros.  */
static void
vdiag (struct asm_ctx *c, const char *sev, int ctx, int line, int col,
       const char *fmt, va_list ap)
{
  FILE *o = c->opts->diag;
  /* The chain of invocations, innermost first (at most the nesting
     limit deep).  */
  int chain[ASM_MAX_NEST + 2];
  int k = 0;
  for (int x = ctx; x >= 0 && k < (int) (sizeof chain / sizeof *chain);
       x = c->xctx[x].parent)
    chain[k++] = x;
  if (k)
    loc_print (c, c->xctx[chain[k - 1]].line, c->xctx[chain[k - 1]].col);
  else
    loc_print (c, line, col);
  fprintf (o, "%s: ", sev);
  vfprintf (o, fmt, ap);
  fputc ('\n', o);
  for (int j = k - 1; j >= 0; j--)
    {
      /* Deep chains: the outer three and the inner three levels.  */
      if (k > 8 && j == k - 4)
        {
          fprintf (o, "%s: note: (%d more levels of macro expansion)\n",
                   c->file, k - 6);
          j = 2;
        }
      int l = j ? c->xctx[chain[j - 1]].line : line;
      int cl = j ? c->xctx[chain[j - 1]].col : col;
      const struct macro *m = &c->macs[c->xctx[chain[j]].macro];
      loc_print (c, l, cl);
      fprintf (o, "note: in macro `%s' (defined at line %d)\n", m->name, m->line);
    }
}

/* Count an error; 0 when it is not to be printed.  After max_errors
   (--max-errors) the assembler stops reading, as gas stops: a small
   input can otherwise expand to millions of identical errors.  */
static int
count_error (struct asm_ctx *c)
{
  c->nerr++;
  c->stmt_err = 1;
  if (c->opts->max_errors && c->nerr > c->opts->max_errors)
    {
      if (!c->fatal && c->opts->diag)
        fprintf (c->opts->diag, "%s: fatal error: too many errors (%d), stopping\n",
                 c->file, c->opts->max_errors);
      c->fatal = 1;
      return 0;
    }
  return c->opts->diag != NULL;
}

static void
diag_loc (struct asm_ctx *c, int ctx, int line, int col, const char *fmt, ...)
{
  if (!count_error (c))
    return;
  va_list ap;
  va_start (ap, fmt);
  vdiag (c, "error", ctx, line, col, fmt, ap);
  va_end (ap);
}

static void
warn_loc (struct asm_ctx *c, int ctx, int line, int col, const char *fmt, ...)
{
  if (!c->opts->diag)
    return;
  va_list ap;
  va_start (ap, fmt);
  vdiag (c, "warning", ctx, line, col, fmt, ap);
  va_end (ap);
}

static void
diag_at (struct asm_ctx *c, int line, int col, const char *fmt, ...)
{
  if (!count_error (c))
    return;
  va_list ap;
  va_start (ap, fmt);
  vdiag (c, "error", c->ctx, line, col, fmt, ap);
  va_end (ap);
}

#define COL(c, ptr) ((int) ((ptr) - (c)->linestart) + 1)
#define ERR(c, ...)                                                    \
  do {                                                                 \
    if (!(c)->stmt_err)                                                \
      diag_at ((c), (c)->line, COL ((c), (c)->p), __VA_ARGS__);        \
  } while (0)

/* ---------- name indexes ---------- */

/* The first slot to probe for the N bytes at S: FNV-1a, of the lower
   case letters when X folds case.  */
static size_t
nidx_hash (const struct name_index *x, const char *s, size_t n)
{
  unsigned h = 2166136261u;
  for (size_t i = 0; i < n; i++)
    {
      unsigned char ch = (unsigned char) s[i];
      if (x->fold)
        ch = (unsigned char) tolower (ch);
      h = (h ^ ch) * 16777619u;
    }
  return h & (x->size - 1);
}

/* Whether NAME is the N bytes at S (ignoring case when X folds).  */
static int
nidx_same (const struct name_index *x, const char *name, const char *s,
           size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      unsigned char a = (unsigned char) name[i], b = (unsigned char) s[i];
      if (!a || (x->fold ? tolower (a) != tolower (b) : a != b))
        return 0;
    }
  return name[n] == 0;
}

/* The entry named by the N bytes at S, or -1.  */
static int
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

/* Put entry I, named by the N bytes at S, in the first free slot.  */
static void
nidx_insert (struct name_index *x, const char *s, size_t n, int i)
{
  size_t h = nidx_hash (x, s, n);
  while (x->slot[h] >= 0)
    h = (h + 1) & (x->size - 1);
  x->slot[h] = i;
}

/* Make room for entry N (entries 0 to N-1 exist): if N + 1 entries
   would fill more than half the slots, double the table (or make the
   first one) and put back the entries that have not left it.  */
static void
nidx_grow (const struct asm_ctx *c, struct name_index *x, size_t n)
{
  if ((n + 1) * 2 <= x->size)
    return;
  size_t ns = x->size ? x->size * 2 : x->first;
  free (x->slot);
  x->slot = xrealloc (NULL, ns * sizeof *x->slot);
  for (size_t i = 0; i < ns; i++)
    x->slot[i] = -1;
  x->size = ns;
  for (size_t i = 0; i < n; i++)
    {
      const char *nm = x->name (c, (int) i);
      if (nm)
        nidx_insert (x, nm, strlen (nm), (int) i);
    }
}

/* ---------- symbols ---------- */

/* A symbol replaced by a later .set (dead) has left the table.  */
static const char *
sym_name (const struct asm_ctx *c, int i)
{
  return c->syms[i].dead ? NULL : c->syms[i].name;
}

static int
sym_get (struct asm_ctx *c, const char *name, size_t n)
{
  int i = nidx_find (c, &c->symidx, name, n);
  if (i >= 0)
    return i;
  nidx_grow (c, &c->symidx, c->nsyms);
  GROW (c->syms, c->nsyms, c->symcap);
  struct asm_sym *s = &c->syms[c->nsyms];
  memset (s, 0, sizeof *s);
  s->name = xstrndup (name, n);
  s->sec = ASM_SEC_UNDEF;
  s->bind = STB_LOCAL;
  s->temp = (n >= 2 && name[0] == '.' && name[1] == 'L') || memchr (name, 2, n);
  nidx_insert (&c->symidx, name, n, (int) c->nsyms);
  return (int) c->nsyms++;
}

/* A new entry for the name of symbol S (gas's symbol_clone when a .set
   symbol is set again): the name now finds the new entry; the old one
   keeps its value for the fixups that refer to it and leaves the symbol
   table.  */
static int
sym_redefine (struct asm_ctx *c, int s)
{
  nidx_grow (c, &c->symidx, c->nsyms);
  GROW (c->syms, c->nsyms, c->symcap);
  struct asm_sym *old = &c->syms[s];
  struct asm_sym *y = &c->syms[c->nsyms];
  *y = *old;
  y->name = xstrndup (old->name, strlen (old->name));
  y->sec = ASM_SEC_UNDEF;
  y->value = 0;
  y->alias = 0;
  y->alias_add = 0;
  y->size_set = 0;
  y->size = 0;
  old->temp = 1;
  old->dead = 1;
  old->bind = STB_LOCAL;
  /* The new entry takes the old one's slot.  */
  struct name_index *x = &c->symidx;
  size_t h = nidx_hash (x, y->name, strlen (y->name));
  while (x->slot[h] != s)
    h = (h + 1) & (x->size - 1);
  x->slot[h] = (int) c->nsyms;
  return (int) c->nsyms++;
}

static int
sym_temp_here (struct asm_ctx *c)
{
  char buf[32];
  int n = snprintf (buf, sizeof buf, ".L\002dot%d", c->ntemp++);
  int i = sym_get (c, buf, (size_t) n);
  c->syms[i].sec = c->cur;
  c->syms[i].value = c->secs[c->cur].size;
  return i;
}

/* ---------- sections ---------- */

static int
sec_find (struct asm_ctx *c, const char *name, size_t n)
{
  return nidx_find (c, &c->secidx, name, n);
}

static const char *
sec_name (const struct asm_ctx *c, int i)
{
  return c->secs[i].name;
}

static void
default_attrs (const char *name, uint32_t *type, uint64_t *flags)
{
  *type = SHT_PROGBITS;
  *flags = 0;
  if (!strncmp (name, ".text", 5))
    *flags = SHF_ALLOC | SHF_EXECINSTR;
  else if (!strncmp (name, ".data", 5) || !strncmp (name, ".rodata", 7)
           || !strncmp (name, ".bss", 4) || !strncmp (name, ".tdata", 6))
    {
      *flags = SHF_ALLOC | (name[1] == 'r' ? 0 : SHF_WRITE);
      if (!strncmp (name, ".bss", 4))
        *type = SHT_NOBITS;
    }
  else if (!strcmp (name, ".comment"))
    *flags = SHF_MERGE | SHF_STRINGS;
}

static int
sec_get (struct asm_ctx *c, const char *name, size_t n)
{
  int i = sec_find (c, name, n);
  if (i >= 0)
    return i;
  GROW (c->secs, c->nsecs, c->seccap);
  nidx_grow (c, &c->secidx, c->nsecs);
  nidx_insert (&c->secidx, name, n, (int) c->nsecs);
  struct asm_sec *s = &c->secs[c->nsecs];
  memset (s, 0, sizeof *s);
  s->name = xstrndup (name, n);
  default_attrs (s->name, &s->type, &s->flags);
  s->align = 1;
  if (!strcmp (s->name, ".comment"))
    s->entsize = 1;
  return (int) c->nsecs++;
}

static void
sec_switch (struct asm_ctx *c, int s)
{
  if (s != c->cur)
    {
      c->prev = c->cur;
      c->cur = s;
    }
}

static int
sec_nobits (struct asm_ctx *c)
{
  return c->secs[c->cur].type == SHT_NOBITS;
}

/* A throw-away buffer for bytes that go nowhere.  */
static uint8_t *
scratch (struct asm_ctx *c, size_t n)
{
  if (n > c->scratch_cap || !c->scratch)
    {
      c->scratch = xrealloc (c->scratch, n ? n : 1);
      c->scratch_cap = n ? n : 1;
    }
  memset (c->scratch, 0, n);
  return c->scratch;
}

static uint8_t *
emit (struct asm_ctx *c, size_t n)
{
  struct asm_sec *s = &c->secs[c->cur];
  if (n == 0)
    return scratch (c, 1);
  if (s->size + n > ASM_MAX_SECTION)
    {
      if (!s->too_big)
        {
          s->too_big = 1;
          diag_at (c, c->line, 0, "section `%s' is larger than %d MiB", s->name,
                   ASM_MAX_SECTION >> 20);
        }
      return scratch (c, n);
    }
  if (s->type == SHT_NOBITS)
    {
      s->size += n;
      return scratch (c, n);
    }
  if (s->size + n > s->cap)
    {
      size_t nc = s->cap ? s->cap : 256;
      while (nc < s->size + n)
        nc *= 2;
      s->data = xrealloc (s->data, nc);
      s->cap = nc;
    }
  uint8_t *p = s->data + s->size;
  memset (p, 0, n);
  s->size += n;
  return p;
}

static void
emit_bytes_checked (struct asm_ctx *c, const uint8_t *b, size_t n)
{
  if (sec_nobits (c))
    {
      for (size_t i = 0; i < n; i++)
        if (b[i])
          {
            ERR (c, "attempt to store non-zero value in section `%s'",
                 c->secs[c->cur].name);
            break;
          }
      emit (c, n);
      return;
    }
  memcpy (emit (c, n), b, n);
}

static void
add_reloc (struct asm_ctx *c, int sec, uint64_t off, int type, int sym)
{
  struct asm_sec *s = &c->secs[sec];
  GROW (s->rels, s->nrel, s->relcap);
  s->rels[s->nrel].off = off;
  s->rels[s->nrel].type = type;
  s->rels[s->nrel].sym = sym;
  s->nrel++;
}

/* ---------- lexing ---------- */

static void
skip_ws (struct asm_ctx *c)
{
  while (*c->p == ' ' || *c->p == '\t' || *c->p == '\r' || *c->p == '\f'
         || *c->p == '\v')
    c->p++;
}

static int
is_end (struct asm_ctx *c)
{
  skip_ws (c);
  return *c->p == 0;
}

static int
is_idstart (int ch)
{
  return isalpha (ch) || ch == '_' || ch == '.' || ch == '$';
}

static int
is_idchar (int ch)
{
  return isalnum (ch) || ch == '_' || ch == '.' || ch == '$';
}

/* Read an identifier; returns its length (0 if none).  */
static size_t
ident (struct asm_ctx *c, const char **start)
{
  skip_ws (c);
  *start = c->p;
  if (!is_idstart ((unsigned char) *c->p))
    return 0;
  while (is_idchar ((unsigned char) *c->p))
    c->p++;
  return (size_t) (c->p - *start);
}

static int
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

static int
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

static int
expect (struct asm_ctx *c, char ch)
{
  if (accept (c, ch))
    return 1;
  if (!c->stmt_err)
    {
      if (*c->p)
        ERR (c, "expected `%c' before `%.20s'", ch, c->p);
      else
        ERR (c, "expected `%c' at end of line", ch);
    }
  return 0;
}

/* ---------- expressions ---------- */

static struct expr
econst (int64_t k)
{
  struct expr e = { -1, -1, k, 0 };
  return e;
}

static int
sym_defined_in (struct asm_ctx *c, int s, int *sec, int64_t *v)
{
  if (s < 0)
    return 0;
  struct asm_sym *y = &c->syms[s];
  if (y->sec >= 0 || y->sec == ASM_SEC_ABS)
    {
      *sec = y->sec;
      *v = (int64_t) y->value;
      return 1;
    }
  return 0;
}

/* Fold what can be folded: absolute symbols, and differences of symbols
   defined in the same section.  */
static void
efold (struct asm_ctx *c, struct expr *e)
{
  int sa, sb;
  int64_t va, vb;
  /* A .set alias of a symbol that was undefined then stands for it.  */
  for (int i = 0; i < 16 && e->add >= 0 && c->syms[e->add].alias; i++)
    {
      e->k = (int64_t) ((uint64_t) e->k + (uint64_t) c->syms[e->add].alias_add);
      e->add = c->syms[e->add].alias - 1;
    }
  for (int i = 0; i < 16 && e->sub >= 0 && c->syms[e->sub].alias; i++)
    {
      e->k = (int64_t) ((uint64_t) e->k - (uint64_t) c->syms[e->sub].alias_add);
      e->sub = c->syms[e->sub].alias - 1;
    }
  if (e->add >= 0 && e->add == e->sub)
    {
      e->add = e->sub = -1;
      return;
    }
  if (sym_defined_in (c, e->add, &sa, &va) && sa == ASM_SEC_ABS)
    {
      e->k += va;
      e->add = -1;
    }
  if (sym_defined_in (c, e->sub, &sb, &vb) && sb == ASM_SEC_ABS)
    {
      e->k -= vb;
      e->sub = -1;
    }
  if (e->add >= 0 && e->sub >= 0 && sym_defined_in (c, e->add, &sa, &va)
      && sym_defined_in (c, e->sub, &sb, &vb) && sa == sb)
    {
      e->k += va - vb;
      e->add = e->sub = -1;
    }
  if (e->post && e->add < 0 && e->sub < 0)
    {
      /* The difference is known: apply its operations, first to last.  */
      int chain[ASM_MAX_POST];
      int n = 0;
      for (int i = e->post; i && n < ASM_MAX_POST; i = c->post[i - 1].prev)
        chain[n++] = i - 1;
      while (n--)
        e->k = binop_const (c->post[chain[n]].op, e->k, c->post[chain[n]].v);
      e->post = 0;
    }
}

static int
eisconst (const struct expr *e)
{
  return e->add < 0 && e->sub < 0 && !e->post;
}

static struct expr parse_expr (struct asm_ctx *c);

static int
parse_number (struct asm_ctx *c, int64_t *out)
{
  const char *s = c->p;
  uint64_t v = 0;
  int base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    {
      base = 16;
      s += 2;
      if (!isxdigit ((unsigned char) *s))
        return 0;
    }
  else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B')
           && (s[2] == '0' || s[2] == '1'))
    {
      base = 2;
      s += 2;
    }
  else if (s[0] == '0' && isdigit ((unsigned char) s[1]))
    base = 8;
  for (;; s++)
    {
      int d;
      if (isdigit ((unsigned char) *s))
        d = *s - '0';
      else if (isxdigit ((unsigned char) *s))
        d = tolower ((unsigned char) *s) - 'a' + 10;
      else
        break;
      if (d >= base)
        break;
      v = v * (uint64_t) base + (uint64_t) d;
    }
  /* C's integer suffixes (U, L, LL, UL, ULL), which LLVM's assembler
     skips: the selftests write "r1 = 0xffffffff00000000LL ll".  */
  const char *q = s;
  if (*q == 'u' || *q == 'U')
    q++;
  if (*q == 'l' || *q == 'L')
    {
      q++;
      if (*q == q[-1])
        q++;
    }
  if (q != s && !is_idchar ((unsigned char) *q))
    s = q;
  c->p = s;
  *out = (int64_t) v;
  return 1;
}

static int
numlabel_ref (struct asm_ctx *c, int n, int fwd)
{
  char buf[32];
  int inst = c->numlab[n] + (fwd ? 1 : 0);
  int len = snprintf (buf, sizeof buf, ".L%d\002%d", n, inst);
  return sym_get (c, buf, (size_t) len);
}

static struct expr parse_primary_1 (struct asm_ctx *c);

/* A primary expression, at most ASM_MAX_EXPR_DEPTH parentheses and
   unary operators deep: the parser recurses on each, and 100,000 of them
   would overflow the stack.  */
static struct expr
parse_primary (struct asm_ctx *c)
{
  if (c->edepth >= ASM_MAX_EXPR_DEPTH)
    {
      if (!c->stmt_err)
        ERR (c, "expression nested too deeply (more than %d levels)", ASM_MAX_EXPR_DEPTH);
      c->p += strlen (c->p);
      return econst (0);
    }
  c->edepth++;
  struct expr e = parse_primary_1 (c);
  c->edepth--;
  return e;
}

static struct expr
parse_primary_1 (struct asm_ctx *c)
{
  skip_ws (c);
  const char *st = c->p;
  if (*c->p == '(')
    {
      c->p++;
      struct expr e = parse_expr (c);
      expect (c, ')');
      return e;
    }
  if (*c->p == '-' || *c->p == '~' || *c->p == '+' || *c->p == '!')
    {
      char op = *c->p++;
      struct expr e = parse_primary (c);
      if (op == '+')
        return e;
      efold (c, &e);
      if (op == '-' && e.sub >= 0 && e.add >= 0)
        {
          int t = e.add; e.add = e.sub; e.sub = t; e.k = (int64_t) (0 - (uint64_t) e.k);
          return e;
        }
      if (!eisconst (&e))
        {
          if (!c->stmt_err)
            diag_at (c, c->line, COL (c, st), "invalid operand of unary `%c'", op);
          return econst (0);
        }
      e.k = op == '-' ? (int64_t) (0 - (uint64_t) e.k) : op == '~' ? ~e.k : !e.k;
      return e;
    }
  if (isdigit ((unsigned char) *c->p))
    {
      /* Numeric local label reference: 1b / 12f.  */
      {
        const char *q = c->p;
        int n = 0;
        while (isdigit ((unsigned char) *q) && n < ASM_MAX_NUMLABEL)
          n = n * 10 + (*q++ - '0');
        if ((*q == 'b' || *q == 'f') && !is_idchar ((unsigned char) q[1])
            && n < ASM_MAX_NUMLABEL && (n == 0 || c->p[0] != '0' || q - c->p == 1))
          {
            int fwd = *q == 'f';
            c->p = q + 1;
            struct expr e = econst (0);
            e.add = numlabel_ref (c, n, fwd);
            return e;
          }
      }
      int64_t v = 0;
      if (!parse_number (c, &v))
        {
          if (!c->stmt_err)
            ERR (c, "bad number");
          c->p += 2;
        }
      return econst (v);
    }
  if (*c->p == '\'' && c->p[1] && c->p[1] != '\\')
    {
      int64_t v = (unsigned char) c->p[1];
      c->p += 2;
      if (*c->p == '\'')
        c->p++;
      return econst (v);
    }
  if (*c->p == '.' && !is_idchar ((unsigned char) c->p[1]))
    {
      c->p++;
      struct expr e = econst (0);
      e.add = sym_temp_here (c);
      return e;
    }
  const char *id;
  size_t n;
  if (*c->p == '"')
    {
      /* A quoted symbol name (e.g. a section named kprobe/foo).  */
      id = ++c->p;
      while (*c->p && *c->p != '"')
        c->p++;
      n = (size_t) (c->p - id);
      if (*c->p == '"')
        c->p++;
      else
        n = 0;
    }
  else
    n = ident (c, &id);
  if (n)
    {
      struct expr e = econst (0);
      e.add = sym_get (c, id, n);
      c->syms[e.add].referenced = 1;
      return e;
    }
  if (!c->stmt_err)
    {
      if (*c->p)
        ERR (c, "bad expression at `%.20s'", c->p);
      else
        ERR (c, "missing expression");
    }
  return econst (0);
}

/* Binary operators with gas's precedence (also LLVM's in GNU mode):
   * / % << >>  above  | & ^ ! (or-not)  above  + -  above  the
   comparisons  above  &&  above  ||.  Operators of equal precedence
   associate to the left.  Returns the precedence (0: not an operator),
   the operator in *OP and its length in *LEN.  */
enum { OP_SHL = 256, OP_SHR, OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
       OP_LAND, OP_LOR, OP_ORNOT };

static int
binop_prec (struct asm_ctx *c, int *op, int *len)
{
  skip_ws (c);
  const char *s = c->p;
  *len = 1;
  switch (s[0])
    {
    case '*': *op = '*'; return 6;
    case '/': *op = '/'; return 6;
    case '%': *op = '%'; return 6;
    case '<':
      *len = 2;
      if (s[1] == '<') { *op = OP_SHL; return 6; }
      if (s[1] == '=') { *op = OP_LE; return 3; }
      if (s[1] == '>') { *op = OP_NE; return 3; }
      *len = 1; *op = OP_LT; return 3;
    case '>':
      *len = 2;
      if (s[1] == '>') { *op = OP_SHR; return 6; }
      if (s[1] == '=') { *op = OP_GE; return 3; }
      *len = 1; *op = OP_GT; return 3;
    case '|':
      if (s[1] == '|') { *len = 2; *op = OP_LOR; return 1; }
      *op = '|'; return 5;
    case '&':
      if (s[1] == '&') { *len = 2; *op = OP_LAND; return 2; }
      *op = '&'; return 5;
    case '^': *op = '^'; return 5;
    case '!':
      if (s[1] == '=') { *len = 2; *op = OP_NE; return 3; }
      *op = OP_ORNOT; return 5;
    case '=':
      if (s[1] == '=') { *len = 2; *op = OP_EQ; return 3; }
      return 0;
    case '+': *op = '+'; return 4;
    case '-': *op = '-'; return 4;
    default: return 0;
    }
}

/* Compare A and B for a comparison operator: constants, or symbols
   defined in the same section.  Returns 0 when they cannot be compared.  */
static int
ecompare (struct asm_ctx *c, struct expr a, struct expr b, int op, int64_t *res)
{
  efold (c, &a);
  efold (c, &b);
  int64_t x = a.k, y = b.k;
  if (!eisconst (&a) || !eisconst (&b))
    {
      int sa, sb;
      int64_t va, vb;
      if (a.sub >= 0 || b.sub >= 0 || a.add < 0 || b.add < 0
          || !sym_defined_in (c, a.add, &sa, &va)
          || !sym_defined_in (c, b.add, &sb, &vb) || sa != sb)
        return 0;
      x = (int64_t) ((uint64_t) x + (uint64_t) va);
      y = (int64_t) ((uint64_t) y + (uint64_t) vb);
    }
  int r;
  switch (op)
    {
    case OP_EQ: r = x == y; break;
    case OP_NE: r = x != y; break;
    case OP_LT: r = x < y; break;
    case OP_LE: r = x <= y; break;
    case OP_GT: r = x > y; break;
    default: r = x >= y; break;
    }
  /* gas: a true comparison is -1 (all ones), a false one 0.  */
  *res = r ? -1 : 0;
  return 1;
}

/* A OP B, both constants (B not 0 for / and %).  */
static int64_t
binop_const (int op, int64_t a, int64_t b)
{
  switch (op)
    {
    case '+': return (int64_t) ((uint64_t) a + (uint64_t) b);
    case '-': return (int64_t) ((uint64_t) a - (uint64_t) b);
    case '*': return (int64_t) ((uint64_t) a * (uint64_t) b);
    case '/': case '%':
      if (b == 0)
        return 0;
      if (b == -1)
        return op == '/' ? (int64_t) (0 - (uint64_t) a) : 0;
      return op == '/' ? a / b : a % b;
    case OP_SHL: return (b & ~63) ? 0 : (int64_t) ((uint64_t) a << b);
    case OP_SHR: return (b & ~63) ? 0 : (int64_t) ((uint64_t) a >> b);
    case '&': return a & b;
    case '^': return a ^ b;
    case '|': return a | b;
    case OP_ORNOT: return a | ~b;
    /* gas: the logical operators give 1 for true.  */
    case OP_LAND: return a && b;
    case OP_LOR: return a || b;
    }
  return 0;
}

/* E OP K where E is a difference of symbols not known yet (a label
   further on): in a data directive, the operation waits in E's post
   chain until the difference is known (efold).  0 when E cannot take it
   (not a difference, not in a data directive, chain too long).  */
static int
post_add (struct asm_ctx *c, struct expr *e, int op, int64_t k)
{
  if (!c->allow_post || e->add < 0 || e->sub < 0 || (op >= OP_EQ && op <= OP_GE))
    return 0;
  int n = 0;
  for (int i = e->post; i; i = c->post[i - 1].prev)
    n++;
  if (n >= ASM_MAX_POST)
    return 0;
  GROW (c->post, c->npost, c->postcap);
  c->post[c->npost] = (struct post_op) { op, k, e->post };
  e->post = (int) ++c->npost;
  return 1;
}

static struct expr
parse_binary (struct asm_ctx *c, int minprec)
{
  struct expr a = parse_primary (c);
  for (;;)
    {
      int op, oplen;
      const char *save = c->p;
      int prec = binop_prec (c, &op, &oplen);
      if (prec == 0 || prec < minprec)
        {
          c->p = save;
          return a;
        }
      const char *opp = c->p;
      c->p += oplen;
      struct expr b = parse_binary (c, prec + 1);
      if (a.post || b.post)
        {
          /* A post chain takes operations with constants (below).  */
          efold (c, &a);
          efold (c, &b);
          if (b.post || (a.post && (op >= OP_EQ && op <= OP_GE)))
            goto bad;
          if (a.post && (op == '+' || op == '-'))
            {
              if (eisconst (&b) && post_add (c, &a, op, b.k))
                continue;
              goto bad;
            }
        }
      if (op == '+')
        {
          if (a.add >= 0 && b.add >= 0)
            { efold (c, &a); efold (c, &b); }
          if ((a.add >= 0 && b.add >= 0) || (a.sub >= 0 && b.sub >= 0))
            goto bad;
          a.add = a.add >= 0 ? a.add : b.add;
          a.sub = a.sub >= 0 ? a.sub : b.sub;
          a.k = (int64_t) ((uint64_t) a.k + (uint64_t) b.k);
          efold (c, &a);
          continue;
        }
      if (op == '-')
        {
          /* a - b: b.add joins the subtracted side, b.sub the added one.  */
          if (b.sub >= 0)
            {
              if (a.add >= 0) { efold (c, &a); }
              if (a.add >= 0) goto bad;
              a.add = b.sub;
            }
          if (b.add >= 0)
            {
              if (a.sub >= 0) efold (c, &a);
              if (a.sub >= 0) goto bad;
              a.sub = b.add;
            }
          a.k = (int64_t) ((uint64_t) a.k - (uint64_t) b.k);
          efold (c, &a);
          continue;
        }
      if (op >= OP_EQ && op <= OP_GE)
        {
          int64_t r;
          if (!ecompare (c, a, b, op, &r))
            goto bad;
          a = econst (r);
          continue;
        }
      efold (c, &a);
      efold (c, &b);
      if ((op == '/' || op == '%') && eisconst (&b) && b.k == 0)
        {
          if (!c->stmt_err)
            diag_at (c, c->line, COL (c, opp), "division by zero");
          b.k = 1;
          a = econst (0);
        }
      if (!eisconst (&a) && eisconst (&b) && !post_add (c, &a, op, b.k))
        goto bad;
      if (!eisconst (&a))
        continue;
      if (!eisconst (&b))
        goto bad;
      a.k = binop_const (op, a.k, b.k);
      continue;
    bad:
      if (!c->stmt_err)
        {
          if (op >= OP_EQ)
            diag_at (c, c->line, COL (c, opp),
                     "operands of `%.*s' must be constants or symbols of one section",
                     oplen, opp);
          else
            diag_at (c, c->line, COL (c, opp), "expression too complex for a relocation");
        }
      return econst (0);
    }
}

static struct expr
parse_expr (struct asm_ctx *c)
{
  struct expr e = parse_binary (c, 1);
  efold (c, &e);
  return e;
}

static void
add_fixup (struct asm_ctx *c, enum fx_kind k, size_t off, int size,
           struct expr e, const char *at)
{
  GROW (c->fx, c->nfx, c->fxcap);
  struct fixup *f = &c->fx[c->nfx++];
  f->kind = k;
  f->sec = c->cur;
  f->off = off;
  f->size = size;
  f->e = e;
  f->line = c->line;
  f->col = COL (c, at);
  f->ctx = c->ctx;
}

/* Parse a constant expression now (errors when symbolic).  */
static int64_t
const_expr (struct asm_ctx *c)
{
  const char *st = c->p;
  struct expr e = parse_expr (c);
  if (!eisconst (&e))
    {
      if (!c->stmt_err)
        diag_at (c, c->line, COL (c, st), "constant expression required");
      return 0;
    }
  return e.k;
}

/* ---------- labels ---------- */

static void
define_label (struct asm_ctx *c, int s, const char *at)
{
  struct asm_sym *y = &c->syms[s];
  if ((y->sec != ASM_SEC_UNDEF && y->sec != ASM_SEC_COMMON) || y->alias)
    {
      diag_at (c, c->line, COL (c, at), "symbol `%s' is already defined", y->name);
      return;
    }
  y->sec = c->cur;
  y->value = c->secs[c->cur].size;
}

/* ---------- instruction emission ---------- */

static void
emit_insn (struct asm_ctx *c, struct bpf_insn *in)
{
  uint8_t b[16];
  if (c->stmt_err)
    return;
  if (sec_nobits (c))
    {
      ERR (c, "instruction in a section without contents (`%s')",
           c->secs[c->cur].name);
      return;
    }
  if (in->op && (in->op->flags & BPF_OPF_XBPF))
    c->eflags |= EF_BPF_GNU_XBPF;
  int n = bpf_insn_encode (in, b);
  memcpy (emit (c, (size_t) n), b, (size_t) n);
}

static int
check_range (struct asm_ctx *c, int64_t v, int64_t lo, int64_t hi,
             const char *what, const char *at)
{
  if (v < lo || v > hi)
    {
      if (!c->stmt_err)
        diag_at (c, c->line, COL (c, at), "%s %lld out of range", what,
                 (long long) v);
      return 0;
    }
  return 1;
}

/* Immediate (32 bits): accepts signed or unsigned 32-bit values.  */
static int32_t
imm32_operand (struct asm_ctx *c, struct expr *e, const char *at, size_t insn_off,
               enum fx_kind kind)
{
  if (eisconst (e))
    {
      check_range (c, e->k, INT32_MIN, UINT32_MAX, "immediate", at);
      return (int32_t) (uint32_t) e->k;
    }
  add_fixup (c, kind, insn_off, 0, *e, at);
  return 0;
}

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

static int
parse_reg_name (struct asm_ctx *c, int *w)
{
  const char *s = c->p;
  if (*s == '%')
    s++;
  if (s[0] == 'f' && s[1] == 'p' && !is_idchar ((unsigned char) s[2]))
    {
      c->p = s + 2;
      *w = 0;
      return 10;
    }
  if ((s[0] == 'r' || s[0] == 'w') && isdigit ((unsigned char) s[1]))
    {
      int r = s[1] - '0';
      const char *e = s + 2;
      if (isdigit ((unsigned char) *e))
        r = r * 10 + (*e++ - '0');
      if (is_idchar ((unsigned char) *e) || r > 10)
        return -1;
      *w = s[0] == 'w';
      c->p = e;
      return r;
    }
  return -1;
}

/* ---------- GNU syntax ---------- */

static int
gnu_operand (struct asm_ctx *c, struct operand *o)
{
  skip_ws (c);
  o->at = c->p;
  o->sign = (*c->p == '+' || *c->p == '-');
  if (*c->p == '[')
    {
      c->p++;
      skip_ws (c);
      int w;
      const char *save = c->p;
      o->reg = parse_reg_name (c, &w);
      if (o->reg < 0)
        {
          c->p = save;
          ERR (c, "expected a register in memory operand");
          return 0;
        }
      o->kind = OK_MEM;
      skip_ws (c);
      if (*c->p == ']')
        o->e = econst (0);
      else if (*c->p == '+' || *c->p == '-')
        {
          if (*c->p == '+')
            c->p++;
          o->e = parse_expr (c);
        }
      else
        {
          ERR (c, "bad memory operand");
          return 0;
        }
      return expect (c, ']');
    }
  if (*c->p == '%' || ((*c->p == 'r') && isdigit ((unsigned char) c->p[1])))
    {
      int w;
      const char *save = c->p;
      int r = parse_reg_name (c, &w);
      if (r >= 0)
        {
          o->kind = OK_REG;
          o->reg = r;
          return 1;
        }
      c->p = save;
      if (*c->p == '%')
        {
          ERR (c, "bad register name `%.10s'", c->p);
          return 0;
        }
    }
  if (!strncmp (c->p, "kfunc", 5) && (c->p[5] == ' ' || c->p[5] == '\t'))
    {
      c->p += 5;
      o->kind = OK_KFUNC;
      o->e = parse_expr (c);
      return 1;
    }
  o->kind = OK_EXPR;
  o->e = parse_expr (c);
  return 1;
}

static int
fmt_operands (int fmt, enum opk k[3])
{
  k[0] = k[1] = k[2] = OK_NONE;
  switch (fmt)
    {
    case BPF_F_ALU_R: k[0] = OK_REG; k[1] = OK_REG; return 2;
    case BPF_F_ALU_I: k[0] = OK_REG; k[1] = OK_EXPR; return 2;
    case BPF_F_NEG: k[0] = OK_REG; return 1;
    case BPF_F_END: k[0] = OK_REG; k[1] = OK_EXPR; return 2;
    case BPF_F_MOVSX: k[0] = OK_REG; k[1] = OK_REG; k[2] = OK_EXPR; return 3;
    case BPF_F_LDDW: k[0] = OK_REG; k[1] = OK_EXPR; return 2;
    case BPF_F_LDABS: k[0] = OK_EXPR; return 1;
    case BPF_F_LDIND: k[0] = OK_REG; k[1] = OK_EXPR; return 2;
    case BPF_F_LDX: k[0] = OK_REG; k[1] = OK_MEM; return 2;
    case BPF_F_STX: case BPF_F_ATOMIC: k[0] = OK_MEM; k[1] = OK_REG; return 2;
    case BPF_F_ST: k[0] = OK_MEM; k[1] = OK_EXPR; return 2;
    case BPF_F_JA: case BPF_F_JAL: k[0] = OK_EXPR; return 1;
    case BPF_F_JR: k[0] = OK_REG; k[1] = OK_REG; k[2] = OK_EXPR; return 3;
    case BPF_F_JI: k[0] = OK_REG; k[1] = OK_EXPR; k[2] = OK_EXPR; return 3;
    case BPF_F_CALL: k[0] = OK_EXPR; return 1;
    case BPF_F_CALLX: k[0] = OK_REG; return 1;
    case BPF_F_CALLXI: k[0] = OK_EXPR; return 1;
    default: return 0;
    }
}

static void assemble_op (struct asm_ctx *c, const struct bpf_op *op,
                         struct operand *o, int nops_given, const char *at);

/* lddw pseudo forms: map_fd(N[,M]) etc.  Returns src or 0.  */
static int
lddw_pseudo (struct asm_ctx *c, int64_t *a, int64_t *b)
{
  skip_ws (c);
  for (int src = 1; src <= 6; src++)
    {
      const char *nm = bpf_lddw_pseudo_name (src);
      size_t n = strlen (nm);
      if (!strncmp (c->p, nm, n) && !is_idchar ((unsigned char) c->p[n]))
        {
          const char *save = c->p;
          c->p += n;
          skip_ws (c);
          if (*c->p != '(')
            {
              c->p = save;
              return 0;
            }
          c->p++;
          *a = const_expr (c);
          *b = 0;
          if (accept (c, ','))
            *b = const_expr (c);
          expect (c, ')');
          return src;
        }
    }
  return 0;
}

static void
gnu_insn (struct asm_ctx *c, const char *mn, size_t mnlen, const char *at)
{
  char name[24];
  if (mnlen >= sizeof name)
    {
      diag_at (c, c->line, COL (c, at), "unknown instruction `%.*s'",
               (int) (mnlen > 40 ? 40 : mnlen), mn);
      return;
    }
  for (size_t i = 0; i < mnlen; i++)
    name[i] = (char) tolower ((unsigned char) mn[i]);
  name[mnlen] = 0;
  if (c->opts->xbpf && (!strcmp (name, "sdiv") || !strcmp (name, "smod")
                        || !strcmp (name, "sdiv32") || !strcmp (name, "smod32")))
    {
      memmove (name + 1, name, mnlen + 1);
      name[0] = 'x';
    }
  size_t idx = 0;
  const struct bpf_op *first = bpf_op_next_gnu (name, &idx);
  if (!first)
    {
      diag_at (c, c->line, COL (c, at), "unknown instruction `%s'", name);
      return;
    }
  /* Parse the operands.  */
  struct operand o[4];
  memset (o, 0, sizeof o);
  int n = 0;
  if (first->fmt == BPF_F_LDDW)
    {
      int64_t a, b;
      struct operand r;
      memset (&r, 0, sizeof r);
      if (!gnu_operand (c, &r) || r.kind != OK_REG)
        {
          if (!c->stmt_err)
            diag_at (c, c->line, COL (c, at), "lddw expects a register first");
          return;
        }
      if (!expect (c, ','))
        return;
      skip_ws (c);
      int src = lddw_pseudo (c, &a, &b);
      if (src)
        {
          struct bpf_insn in;
          memset (&in, 0, sizeof in);
          in.code = first->code;
          in.dst = (uint8_t) r.reg;
          in.src = (uint8_t) src;
          in.imm = (int32_t) a;
          in.imm2 = (int32_t) b;
          in.op = first;
          if (!is_end (c))
            {
              ERR (c, "junk at end of line: `%.20s'", c->p);
              return;
            }
          emit_insn (c, &in);
          return;
        }
      o[0] = r;
      n = 1;
      if (!gnu_operand (c, &o[1]))
        return;
      n = 2;
    }
  else if (!is_end (c))
    {
      for (;;)
        {
          if (n == 3)
            {
              ERR (c, "too many operands");
              return;
            }
          if (!gnu_operand (c, &o[n]))
            return;
          n++;
          if (!accept (c, ','))
            break;
        }
    }
  if (!is_end (c))
    {
      if (!c->stmt_err)
        ERR (c, "junk at end of line: `%.20s'", c->p);
      return;
    }
  /* Find the entry whose operand shapes and fixed values match.  */
  idx = 0;
  const struct bpf_op *op;
  while ((op = bpf_op_next_gnu (name, &idx)))
    {
      enum opk k[3];
      int want = fmt_operands (op->fmt, k);
      if (want != n)
        continue;
      int ok = 1;
      for (int i = 0; i < n; i++)
        {
          enum opk have = o[i].kind;
          if (op->fmt == BPF_F_CALL && i == 0 && have == OK_KFUNC)
            have = OK_EXPR;
          if (op->fmt == BPF_F_CALLXI && have == OK_REG)
            have = OK_EXPR;
          if (have != k[i])
            ok = 0;
        }
      if (!ok)
        continue;
      if (op->fmt == BPF_F_END && !(eisconst (&o[1].e) && o[1].e.k == op->imm))
        continue;
      if (op->fmt == BPF_F_MOVSX && !(eisconst (&o[2].e) && o[2].e.k == op->off))
        continue;
      assemble_op (c, op, o, n, at);
      return;
    }
  diag_at (c, c->line, COL (c, at), "invalid operands for `%s'", name);
}

/* Build the instruction for OP from operands in GNU order.  */
static void
assemble_op (struct asm_ctx *c, const struct bpf_op *op, struct operand *o,
             int nops_given, const char *at)
{
  struct bpf_insn in;
  memset (&in, 0, sizeof in);
  in.op = op;
  in.code = op->code;
  if (op->flags & BPF_OPF_FIXIMM)
    in.imm = op->imm;
  if (op->flags & BPF_OPF_FIXOFF)
    in.off = op->off;
  size_t here = c->secs[c->cur].size;
  switch (op->fmt)
    {
    case BPF_F_ALU_R: case BPF_F_MOVSX:
      in.dst = (uint8_t) o[0].reg; in.src = (uint8_t) o[1].reg; break;
    case BPF_F_ALU_I:
      in.dst = (uint8_t) o[0].reg;
      in.imm = imm32_operand (c, &o[1].e, o[1].at, here, FX_IMM32);
      break;
    case BPF_F_NEG: case BPF_F_END: case BPF_F_CALLX:
      in.dst = (uint8_t) o[0].reg; break;
    case BPF_F_LDDW:
      in.dst = (uint8_t) o[0].reg;
      if (eisconst (&o[1].e))
        {
          in.imm = (int32_t) (uint32_t) o[1].e.k;
          in.imm2 = (int32_t) (uint32_t) ((uint64_t) o[1].e.k >> 32);
        }
      else
        add_fixup (c, FX_LDDW, here, 0, o[1].e, o[1].at);
      break;
    case BPF_F_LDABS:
      in.imm = imm32_operand (c, &o[0].e, o[0].at, here, FX_IMM32); break;
    case BPF_F_LDIND:
      in.src = (uint8_t) o[0].reg;
      in.imm = imm32_operand (c, &o[1].e, o[1].at, here, FX_IMM32);
      break;
    case BPF_F_LDX: case BPF_F_STX: case BPF_F_ATOMIC: case BPF_F_ST:
      {
        struct operand *m = op->fmt == BPF_F_LDX ? &o[1] : &o[0];
        struct operand *r = op->fmt == BPF_F_LDX ? &o[0] : &o[1];
        if (op->fmt == BPF_F_LDX)
          { in.dst = (uint8_t) r->reg; in.src = (uint8_t) m->reg; }
        else if (op->fmt == BPF_F_ST)
          {
            in.dst = (uint8_t) m->reg;
            in.imm = imm32_operand (c, &r->e, r->at, here, FX_IMM32);
          }
        else
          { in.dst = (uint8_t) m->reg; in.src = (uint8_t) r->reg; }
        if (eisconst (&m->e))
          {
            check_range (c, m->e.k, INT16_MIN, INT16_MAX, "offset", m->at);
            in.off = (int16_t) m->e.k;
          }
        else
          add_fixup (c, FX_OFF16, here, 0, m->e, m->at);
        break;
      }
    case BPF_F_JA: case BPF_F_JR: case BPF_F_JI:
      {
        struct operand *t = &o[op->fmt == BPF_F_JA ? 0 : 2];
        if (op->fmt == BPF_F_JR)
          { in.dst = (uint8_t) o[0].reg; in.src = (uint8_t) o[1].reg; }
        if (op->fmt == BPF_F_JI)
          {
            in.dst = (uint8_t) o[0].reg;
            in.imm = imm32_operand (c, &o[1].e, o[1].at, here, FX_IMM32);
          }
        if (eisconst (&t->e))
          {
            check_range (c, t->e.k, INT16_MIN, INT16_MAX, "jump offset", t->at);
            in.off = (int16_t) t->e.k;
          }
        else
          add_fixup (c, FX_JUMP16, here, 0, t->e, t->at);
        break;
      }
    case BPF_F_JAL:
      if (eisconst (&o[0].e))
        {
          check_range (c, o[0].e.k, INT32_MIN, INT32_MAX, "jump offset", o[0].at);
          in.imm = (int32_t) o[0].e.k;
        }
      else
        add_fixup (c, FX_JUMP32, here, 0, o[0].e, o[0].at);
      break;
    case BPF_F_CALL:
      if (o[0].kind == OK_KFUNC)
        {
          in.src = 2;
          if (eisconst (&o[0].e))
            in.imm = imm32_operand (c, &o[0].e, o[0].at, here, FX_IMM32);
          else
            {
              in.imm = -1;
              add_fixup (c, FX_CALL, here, 0, o[0].e, o[0].at);
            }
        }
      else if (eisconst (&o[0].e))
        {
          /* A number written with a sign is a pc-relative bpf-to-bpf
             call; an unsigned one a helper number.  */
          in.src = o[0].sign ? 1 : 0;
          check_range (c, o[0].e.k, INT32_MIN, UINT32_MAX, "call operand", o[0].at);
          in.imm = (int32_t) (uint32_t) o[0].e.k;
        }
      else
        {
          in.src = 1;
          in.imm = -1;
          add_fixup (c, FX_CALL, here, 0, o[0].e, o[0].at);
        }
      break;
    case BPF_F_CALLXI:
      if (o[0].kind == OK_REG)
        in.imm = o[0].reg;
      else if (eisconst (&o[0].e) && o[0].e.k >= 0 && o[0].e.k <= 10)
        in.imm = (int32_t) o[0].e.k;
      else
        diag_at (c, c->line, COL (c, o[0].at), "callx expects a register");
      break;
    case BPF_F_EXIT:
      break;
    }
  (void) nops_given;
  emit_insn (c, &in);
}

/* ---------- pseudo-C syntax ---------- */

/* A register: rN, wN, or GCC's spelling of an inline asm operand, %rN
   (and %fp for r10): asm written for clang gets its register operands
   from GCC that way.  */
static int
pc_reg (struct asm_ctx *c, int *w)
{
  skip_ws (c);
  return parse_reg_name (c, w);
}

static int
pc_sizetype (struct asm_ctx *c, int *sign)
{
  /* "(u32 *)" / "(s8 *)" after '*'  */
  skip_ws (c);
  const char *s = c->p;
  if (*s != '(')
    return 0;
  s++;
  while (*s == ' ' || *s == '\t')
    s++;
  if (*s != 'u' && *s != 's')
    return 0;
  *sign = *s == 's';
  s++;
  int bits = 0;
  while (isdigit ((unsigned char) *s))
    {
      if (bits < 1000)          /* any width this large is refused below */
        bits = bits * 10 + (*s - '0');
      s++;
    }
  while (*s == ' ' || *s == '\t')
    s++;
  if (*s++ != '*')
    return 0;
  while (*s == ' ' || *s == '\t')
    s++;
  if (*s++ != ')')
    return 0;
  c->p = s;
  switch (bits)
    {
    case 8: return BPF_B + 1;
    case 16: return BPF_H + 1;
    case 32: return BPF_W + 1;
    case 64: return BPF_DW + 1;
    default: return 0;
    }
}

/* "(rN + off)" or "rN + off" (bare, for xchg/cmpxchg); with PAREN also
   "[%rN+off]", how GCC prints an "m" operand of an inline asm (clang
   prints "(rN + off)"), so that "*(u64 *)%[v]" means the same with both.  */
static int
pc_addr (struct asm_ctx *c, struct operand *m, int paren)
{
  char close = ')';
  if (paren && accept (c, '['))
    close = ']';
  else if (paren && !expect (c, '('))
    return 0;
  int w;
  m->at = c->p;
  m->reg = pc_reg (c, &w);
  if (m->reg < 0)
    {
      ERR (c, "expected a register in memory operand");
      return 0;
    }
  m->kind = OK_MEM;
  skip_ws (c);
  if (*c->p == '+' || *c->p == '-')
    {
      int neg = *c->p == '-';
      c->p++;
      m->at = c->p;
      m->e = parse_expr (c);
      if (neg)
        {
          if (eisconst (&m->e))
            m->e.k = (int64_t) (0 - (uint64_t) m->e.k);
          else
            {
              ERR (c, "symbolic negative offset");
              return 0;
            }
        }
    }
  else
    m->e = econst (0);
  if (paren && !expect (c, close))
    return 0;
  return 1;
}

static const struct bpf_op *
find_op (uint8_t code, int fmt, int fixoff, int off, int fiximm, int imm)
{
  for (size_t i = 0; i < bpf_nops; i++)
    {
      const struct bpf_op *op = &bpf_ops[i];
      if (op->code != code || op->fmt != fmt)
        continue;
      if ((op->flags & BPF_OPF_FIXOFF) && (!fixoff || op->off != off))
        continue;
      if (!(op->flags & BPF_OPF_FIXOFF) && fixoff && off != 0)
        continue;
      if ((op->flags & BPF_OPF_FIXIMM) && (!fiximm || op->imm != imm))
        continue;
      return op;
    }
  return NULL;
}

/* Value operand: register or expression.  */
static int
pc_value (struct asm_ctx *c, struct operand *o)
{
  skip_ws (c);
  o->at = c->p;
  o->sign = *c->p == '+' || *c->p == '-';
  const char *save = c->p;
  int w;
  int r = pc_reg (c, &w);
  if (r >= 0)
    {
      o->kind = OK_REG;
      o->reg = r;
      o->w = w;
      return 1;
    }
  c->p = save;
  o->kind = OK_EXPR;
  o->e = parse_expr (c);
  return 1;
}

static const struct { const char *s; uint8_t op; } pc_jops[] = {
  { "s>=", 0x70 }, { "s<=", 0xd0 }, { "s>", 0x60 }, { "s<", 0xc0 },
  { "==", 0x10 }, { "!=", 0x50 }, { ">=", 0x30 }, { "<=", 0xb0 },
  { ">", 0x20 }, { "<", 0xa0 }, { "&", 0x40 },
};

static const struct { const char *s; uint8_t op; uint8_t sdiv; } pc_aops[] = {
  { "s>>=", 0xc0, 0 }, { "<<=", 0x60, 0 }, { ">>=", 0x70, 0 },
  { "s/=", 0x30, 1 }, { "s%=", 0x90, 1 },
  { "+=", 0x00, 0 }, { "-=", 0x10, 0 }, { "*=", 0x20, 0 }, { "/=", 0x30, 0 },
  { "|=", 0x40, 0 }, { "&=", 0x50, 0 }, { "%=", 0x90, 0 }, { "^=", 0xa0, 0 },
  { "=", 0xb0, 0 },
};

static void
pc_target (struct asm_ctx *c, struct operand *t)
{
  skip_ws (c);
  t->at = c->p;
  t->kind = OK_EXPR;
  t->sign = *c->p == '+' || *c->p == '-';
  t->e = parse_expr (c);
}

static void
pc_finish (struct asm_ctx *c, const struct bpf_op *op, struct operand *o,
           int n, const char *at)
{
  if (!is_end (c))
    {
      if (!c->stmt_err)
        ERR (c, "junk at end of line: `%.20s'", c->p);
      return;
    }
  if (!op)
    {
      if (!c->stmt_err)
        diag_at (c, c->line, COL (c, at), "unsupported instruction");
      return;
    }
  assemble_op (c, op, o, n, at);
}

static void
pc_insn (struct asm_ctx *c, const char *at)
{
  struct operand o[3];
  memset (o, 0, sizeof o);
  const char *id;
  const char *save = c->p;
  size_t n = ident (c, &id);
  int w;
  if (n == 4 && !strncmp (id, "exit", 4))
    {
      pc_finish (c, find_op (0x95, BPF_F_EXIT, 0, 0, 0, 0), o, 0, at);
      return;
    }
  if ((n == 4 && !strncmp (id, "goto", 4)) || (n == 5 && !strncmp (id, "gotol", 5)))
    {
      pc_target (c, &o[0]);
      pc_finish (c, n == 4 ? find_op (0x05, BPF_F_JA, 0, 0, 0, 0)
                           : find_op (0x06, BPF_F_JAL, 0, 0, 0, 0), o, 1, at);
      return;
    }
  if (n == 5 && !strncmp (id, "callx", 5))
    {
      o[0].reg = pc_reg (c, &w);
      o[0].kind = OK_REG;
      if (o[0].reg < 0)
        {
          ERR (c, "callx expects a register");
          return;
        }
      /* LLVM 14 puts the register number in imm.  */
      o[0].kind = OK_EXPR;
      o[0].e = econst (o[0].reg);
      o[0].at = c->p;
      pc_finish (c, find_op (0x8d, BPF_F_CALLXI, 0, 0, 0, 0), o, 1, at);
      return;
    }
  if (n == 4 && !strncmp (id, "call", 4))
    {
      skip_ws (c);
      if (!strncmp (c->p, "kfunc", 5) && (c->p[5] == ' ' || c->p[5] == '\t'))
        {
          c->p += 5;
          pc_target (c, &o[0]);
          o[0].kind = OK_KFUNC;
        }
      else
        pc_target (c, &o[0]);
      pc_finish (c, find_op (0x85, BPF_F_CALL, 0, 0, 0, 0), o, 1, at);
      return;
    }
  if (n == 2 && !strncmp (id, "if", 2))
    {
      int dw;
      o[0].reg = pc_reg (c, &dw);
      o[0].kind = OK_REG;
      if (o[0].reg < 0)
        {
          ERR (c, "expected a register after `if'");
          return;
        }
      skip_ws (c);
      int jop = -1;
      for (size_t i = 0; i < sizeof pc_jops / sizeof pc_jops[0]; i++)
        if (accept_str (c, pc_jops[i].s))
          {
            jop = pc_jops[i].op;
            break;
          }
      if (jop < 0)
        {
          ERR (c, "expected a comparison operator");
          return;
        }
      pc_value (c, &o[1]);
      const char *gi;
      size_t gn = ident (c, &gi);
      if (gn != 4 || strncmp (gi, "goto", 4))
        {
          ERR (c, "expected `goto'");
          return;
        }
      pc_target (c, &o[2]);
      int cls = dw ? BPF_JMP32 : BPF_JMP;
      if (o[1].kind == OK_REG && o[1].w != dw)
        {
          ERR (c, "mismatched register widths");
          return;
        }
      pc_finish (c, find_op ((uint8_t) (cls | jop | (o[1].kind == OK_REG ? BPF_X : BPF_K)),
                             o[1].kind == OK_REG ? BPF_F_JR : BPF_F_JI, 0, 0, 0, 0),
                 o, 3, at);
      return;
    }
  if (n == 4 && !strncmp (id, "lock", 4))
    {
      int sign;
      if (!expect (c, '*'))
        return;
      int sz = pc_sizetype (c, &sign);
      if (!sz || sign || (sz - 1 != BPF_W && sz - 1 != BPF_DW))
        {
          ERR (c, "expected (u32 *) or (u64 *)");
          return;
        }
      if (!pc_addr (c, &o[0], 1))
        return;
      skip_ws (c);
      int imm = -1;
      if (accept_str (c, "+=")) imm = 0x00;
      else if (accept_str (c, "|=")) imm = 0x40;
      else if (accept_str (c, "&=")) imm = 0x50;
      else if (accept_str (c, "^=")) imm = 0xa0;
      if (imm < 0)
        {
          ERR (c, "expected an atomic operator");
          return;
        }
      o[1].reg = pc_reg (c, &w);
      o[1].kind = OK_REG;
      if (o[1].reg < 0)
        {
          ERR (c, "expected a register");
          return;
        }
      pc_finish (c, find_op ((uint8_t) (BPF_STX | BPF_ATOMIC | (sz - 1)),
                             BPF_F_ATOMIC, 0, 0, 1, imm), o, 2, at);
      return;
    }
  c->p = save;
  skip_ws (c);
  /* Stores: *(uN *)(rD + off) = rS | imm  */
  if (*c->p == '*')
    {
      c->p++;
      int sign;
      int sz = pc_sizetype (c, &sign);
      if (!sz || sign)
        {
          ERR (c, "expected a (uN *) cast");
          return;
        }
      if (!pc_addr (c, &o[0], 1))
        return;
      if (!expect (c, '='))
        return;
      pc_value (c, &o[1]);
      if (o[1].kind == OK_REG)
        pc_finish (c, find_op ((uint8_t) (BPF_STX | BPF_MEM | (sz - 1)), BPF_F_STX, 0, 0, 0, 0), o, 2, at);
      else
        pc_finish (c, find_op ((uint8_t) (BPF_ST | BPF_MEM | (sz - 1)), BPF_F_ST, 0, 0, 0, 0), o, 2, at);
      return;
    }
  /* Everything else starts with a destination register.  */
  int dw;
  int d = pc_reg (c, &dw);
  if (d < 0)
    {
      ERR (c, "unrecognized instruction");
      return;
    }
  o[0].kind = OK_REG;
  o[0].reg = d;
  skip_ws (c);
  int aop = -1, sdiv = 0;
  for (size_t i = 0; i < sizeof pc_aops / sizeof pc_aops[0]; i++)
    if (accept_str (c, pc_aops[i].s))
      {
        aop = pc_aops[i].op;
        sdiv = pc_aops[i].sdiv;
        break;
      }
  if (aop < 0)
    {
      ERR (c, "expected an assignment operator");
      return;
    }
  int cls = dw ? BPF_ALU : BPF_ALU64;
  if (aop != 0xb0)
    {
      pc_value (c, &o[1]);
      if (o[1].kind == OK_REG && o[1].w != dw)
        {
          ERR (c, "mismatched register widths");
          return;
        }
      int x = o[1].kind == OK_REG;
      pc_finish (c, find_op ((uint8_t) (cls | aop | (x ? BPF_X : BPF_K)),
                             x ? BPF_F_ALU_R : BPF_F_ALU_I, 1, sdiv, 0, 0), o, 2, at);
      return;
    }
  /* Assignment forms.  */
  skip_ws (c);
  const char *rhs = c->p;
  /* -rN  */
  if (*c->p == '-')
    {
      c->p++;
      int sw;
      int s = pc_reg (c, &sw);
      if (s >= 0)
        {
          if (s != d || sw != dw)
            {
              ERR (c, "negation must use the destination register");
              return;
            }
          pc_finish (c, find_op ((uint8_t) (cls | 0x80), BPF_F_NEG, 0, 0, 0, 0), o, 1, at);
          return;
        }
      c->p = rhs;
    }
  /* be16/le32/bswap64 rN  */
  {
    const char *kw;
    size_t kn = ident (c, &kw);
    if (kn)
      {
        int bits = 0;
        uint8_t code = 0;
        if (kn >= 4 && (!strncmp (kw, "be", 2) || !strncmp (kw, "le", 2)))
          {
            bits = atoi (kw + 2);
            code = (uint8_t) (BPF_ALU | 0xd0 | (kw[0] == 'b' ? BPF_X : BPF_K));
          }
        else if (kn >= 7 && !strncmp (kw, "bswap", 5))
          {
            bits = atoi (kw + 5);
            code = BPF_ALU64 | 0xd0;
          }
        if (code && (bits == 16 || bits == 32 || bits == 64))
          {
            int sw;
            int s = pc_reg (c, &sw);
            if (s < 0 || s != d)
              {
                ERR (c, "byte swap must use the destination register");
                return;
              }
            pc_finish (c, find_op (code, BPF_F_END, 0, 0, 1, bits), o, 1, at);
            return;
          }
        /* map_fd(...) pseudo forms.  */
        c->p = kw;
        int64_t a, b;
        int src = lddw_pseudo (c, &a, &b);
        if (src)
          {
            accept_str (c, "ll");
            if (!is_end (c))
              {
                ERR (c, "junk at end of line");
                return;
              }
            struct bpf_insn in;
            memset (&in, 0, sizeof in);
            in.code = 0x18;
            in.dst = (uint8_t) d;
            in.src = (uint8_t) src;
            in.imm = (int32_t) a;
            in.imm2 = (int32_t) b;
            in.op = find_op (0x18, BPF_F_LDDW, 0, 0, 0, 0);
            emit_insn (c, &in);
            return;
          }
        c->p = rhs;
      }
  }
  /* (s8)rN  movsx  */
  if (*c->p == '(' && (c->p[1] == 's' || c->p[1] == 'u'))
    {
      const char *q = c->p + 1;
      if (*q == 's')
        {
          int bits = atoi (q + 1);
          while (*q && *q != ')')
            q++;
          if (*q == ')' && (bits == 8 || bits == 16 || bits == 32))
            {
              c->p = q + 1;
              int sw;
              int s = pc_reg (c, &sw);
              if (s >= 0)
                {
                  o[1].kind = OK_REG;
                  o[1].reg = s;
                  o[2].kind = OK_EXPR;
                  o[2].e = econst (bits);
                  pc_finish (c, find_op ((uint8_t) (cls | 0xb0 | BPF_X), BPF_F_MOVSX, 1, bits, 0, 0), o, 3, at);
                  return;
                }
            }
        }
      c->p = rhs;
    }
  /* *(uN *)...  loads  */
  if (*c->p == '*')
    {
      c->p++;
      int sign;
      int sz = pc_sizetype (c, &sign);
      if (!sz)
        {
          ERR (c, "expected a (uN *) or (sN *) cast");
          return;
        }
      skip_ws (c);
      if (!strncmp (c->p, "skb", 3))
        {
          c->p += 3;
          if (!expect (c, '['))
            return;
          skip_ws (c);
          int sw;
          const char *sv = c->p;
          int s = pc_reg (c, &sw);
          struct operand ops[2];
          memset (ops, 0, sizeof ops);
          if (s >= 0)
            {
              ops[0].kind = OK_REG;
              ops[0].reg = s;
              ops[1].kind = OK_EXPR;
              ops[1].at = c->p;
              ops[1].e = econst (0);
              skip_ws (c);
              if (*c->p == '+' || *c->p == '-')
                {
                  ops[1].at = c->p;
                  ops[1].e = parse_expr (c);
                }
              if (!expect (c, ']'))
                return;
              pc_finish (c, find_op ((uint8_t) (BPF_LD | BPF_IND | (sz - 1)), BPF_F_LDIND, 0, 0, 0, 0), ops, 2, at);
            }
          else
            {
              c->p = sv;
              ops[0].kind = OK_EXPR;
              ops[0].at = c->p;
              ops[0].e = parse_expr (c);
              if (!expect (c, ']'))
                return;
              pc_finish (c, find_op ((uint8_t) (BPF_LD | BPF_ABS | (sz - 1)), BPF_F_LDABS, 0, 0, 0, 0), ops, 1, at);
            }
          if (d != 0 && !c->stmt_err)
            diag_at (c, c->line, COL (c, at), "packet loads write r0");
          return;
        }
      if (!pc_addr (c, &o[1], 1))
        return;
      pc_finish (c, find_op ((uint8_t) (BPF_LDX | (sign ? BPF_MEMSX : BPF_MEM) | (sz - 1)), BPF_F_LDX, 0, 0, 0, 0), o, 2, at);
      return;
    }
  /* atomic_fetch_op((uN *)(rD + off), rS), xchg, cmpxchg  */
  {
    const char *fn;
    size_t fl = ident (c, &fn);
    if (fl)
      {
        static const struct { const char *n; int imm; int w; } fns[] = {
          { "atomic_fetch_add", 0x01, -1 }, { "atomic_fetch_or", 0x41, -1 },
          { "atomic_fetch_and", 0x51, -1 }, { "atomic_fetch_xor", 0xa1, -1 },
          { "xchg_64", 0xe1, 0 }, { "xchg32_32", 0xe1, 1 },
          { "cmpxchg_64", 0xf1, 0 }, { "cmpxchg32_32", 0xf1, 1 },
        };
        for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
          if (strlen (fns[i].n) == fl && !strncmp (fn, fns[i].n, fl))
            {
              if (!expect (c, '('))
                return;
              int is64;
              if (fns[i].w < 0)
                {
                  int sign;
                  int sz = pc_sizetype (c, &sign);
                  if (!sz || sign || (sz - 1 != BPF_W && sz - 1 != BPF_DW))
                    {
                      ERR (c, "expected (u32 *) or (u64 *)");
                      return;
                    }
                  is64 = sz - 1 == BPF_DW;
                  if (!pc_addr (c, &o[0], 1))
                    return;
                }
              else
                {
                  is64 = !fns[i].w;
                  if (!pc_addr (c, &o[0], 0))
                    return;
                }
              if (!expect (c, ','))
                return;
              int sw;
              if (fns[i].imm == 0xf1)
                {
                  int r0 = pc_reg (c, &sw);
                  if (r0 != 0 || d != 0)
                    {
                      ERR (c, "cmpxchg compares with r0");
                      return;
                    }
                  if (!expect (c, ','))
                    return;
                }
              int s = pc_reg (c, &sw);
              if (s < 0)
                {
                  ERR (c, "expected a register");
                  return;
                }
              if (!expect (c, ')'))
                return;
              if (fns[i].imm != 0xf1 && s != d)
                {
                  diag_at (c, c->line, COL (c, at), "the fetched value must go to the source register");
                  return;
                }
              o[1].kind = OK_REG;
              o[1].reg = s;
              pc_finish (c, find_op ((uint8_t) (BPF_STX | BPF_ATOMIC | (is64 ? BPF_DW : BPF_W)),
                                     BPF_F_ATOMIC, 0, 0, 1, fns[i].imm), o, 2, at);
              return;
            }
        c->p = rhs;
      }
  }
  /* rD = rS | imm | imm ll | sym ll  */
  pc_value (c, &o[1]);
  if (o[1].kind == OK_REG)
    {
      if (o[1].w != dw && !(dw == 0 && o[1].w == 1))
        {
          ERR (c, "mismatched register widths");
          return;
        }
      /* "rD = wS" is LLVM's spelling of a zero-extending 32-bit move.  */
      int c32 = dw || o[1].w;
      pc_finish (c, find_op ((uint8_t) ((c32 ? BPF_ALU : BPF_ALU64) | 0xb0 | BPF_X),
                             BPF_F_ALU_R, 1, 0, 0, 0), o, 2, at);
      return;
    }
  skip_ws (c);
  if (!strncmp (c->p, "ll", 2) && !is_idchar ((unsigned char) c->p[2]))
    {
      c->p += 2;
      if (dw)
        {
          ERR (c, "64-bit load into a 32-bit register");
          return;
        }
      pc_finish (c, find_op (0x18, BPF_F_LDDW, 0, 0, 0, 0), o, 2, at);
      return;
    }
  pc_finish (c, find_op ((uint8_t) (cls | 0xb0 | BPF_K), BPF_F_ALU_I, 1, 0, 0, 0), o, 2, at);
}

/* ---------- directives ---------- */

static int
parse_string (struct asm_ctx *c, uint8_t **out, size_t *len)
{
  skip_ws (c);
  if (*c->p != '"')
    {
      ERR (c, "expected a string");
      return 0;
    }
  c->p++;
  size_t cap = 64, n = 0;
  uint8_t *b = xrealloc (NULL, cap);
  while (*c->p && *c->p != '"')
    {
      int ch = (unsigned char) *c->p++;
      if (ch == '\\')
        {
          ch = (unsigned char) *c->p;
          if (!ch)
            break;
          c->p++;
          switch (ch)
            {
            case 'n': ch = '\n'; break;
            case 't': ch = '\t'; break;
            case 'r': ch = '\r'; break;
            case 'b': ch = '\b'; break;
            case 'f': ch = '\f'; break;
            case 'v': ch = '\v'; break;
            case 'a': ch = 7; break;
            case 'e': ch = 27; break;
            case 'x':
              {
                int v = 0, k = 0;
                while (isxdigit ((unsigned char) *c->p))
                  {
                    int d = isdigit ((unsigned char) *c->p) ? *c->p - '0'
                            : tolower ((unsigned char) *c->p) - 'a' + 10;
                    v = (v * 16 + d) & 0xff;
                    c->p++;
                    k++;
                  }
                ch = v;
                break;
              }
            default:
              if (ch >= '0' && ch <= '7')
                {
                  int v = ch - '0';
                  for (int k = 0; k < 2 && *c->p >= '0' && *c->p <= '7'; k++)
                    v = v * 8 + (*c->p++ - '0');
                  ch = v & 0xff;
                }
              break;
            }
        }
      if (n + 1 >= cap)
        b = xrealloc (b, cap *= 2);
      b[n++] = (uint8_t) ch;
    }
  if (*c->p != '"')
    {
      free (b);
      ERR (c, "unterminated string");
      return 0;
    }
  c->p++;
  *out = b;
  *len = n;
  return 1;
}

static void
emit_data_value (struct asm_ctx *c, int size, struct expr e, const char *at)
{
  uint8_t b[8] = { 0 };
  if (eisconst (&e))
    {
      if (size < 8)
        {
          int64_t lo = -((int64_t) 1 << (size * 8 - 1));
          int64_t hi = ((int64_t) 1 << (size * 8)) - 1;
          if (e.k < lo || e.k > hi)
            diag_at (c, c->line, COL (c, at), "value %lld does not fit in %d byte%s",
                     (long long) e.k, size, size > 1 ? "s" : "");
        }
      for (int i = 0; i < size; i++)
        b[i] = (uint8_t) ((uint64_t) e.k >> (8 * i));
      emit_bytes_checked (c, b, (size_t) size);
      return;
    }
  if (sec_nobits (c))
    {
      diag_at (c, c->line, COL (c, at), "relocation in section `%s' without contents",
               c->secs[c->cur].name);
      return;
    }
  add_fixup (c, FX_DATA, c->secs[c->cur].size, size, e, at);
  emit (c, (size_t) size);
}

static void
do_align (struct asm_ctx *c, uint64_t a, int fill, int has_fill)
{
  if (a == 0)
    a = 1;
  struct asm_sec *s = &c->secs[c->cur];
  if (a > s->align)
    s->align = a;
  uint64_t pad = (a - s->size % a) % a;
  if (sec_nobits (c))
    {
      s->size += pad;
      return;
    }
  uint8_t *p = emit (c, pad);
  if (has_fill)
    memset (p, fill, pad);
}

static void
parse_section_args (struct asm_ctx *c, int s)
{
  struct asm_sec *sec = &c->secs[s];
  if (!accept (c, ','))
    return;
  skip_ws (c);
  if (*c->p == '"')
    {
      uint8_t *str;
      size_t n;
      if (!parse_string (c, &str, &n))
        return;
      uint64_t fl = 0;
      for (size_t i = 0; i < n; i++)
        switch (str[i])
          {
          case 'a': fl |= SHF_ALLOC; break;
          case 'w': fl |= SHF_WRITE; break;
          case 'x': fl |= SHF_EXECINSTR; break;
          case 'M': fl |= SHF_MERGE; break;
          case 'S': fl |= SHF_STRINGS; break;
          case 'G': fl |= SHF_GROUP; break;
          case 'T': fl |= SHF_TLS; break;
          case 'e': fl |= SHF_EXCLUDE; break;
          case 'o': fl |= SHF_LINK_ORDER; break;
          case 'R': break;
          default:
            ERR (c, "unknown section flag `%c'", str[i]);
          }
      free (str);
      sec->flags = fl;
      if (!strncmp (sec->name, ".bss", 4) || !strncmp (sec->name, ".tbss", 5))
        sec->type = SHT_NOBITS;
      else if (sec->size == 0)
        sec->type = SHT_PROGBITS;
    }
  if (!accept (c, ','))
    return;
  skip_ws (c);
  if (*c->p == '@' || *c->p == '%')
    {
      c->p++;
      const char *t;
      size_t n = ident (c, &t);
      if (n == 8 && !strncmp (t, "progbits", 8))
        sec->type = SHT_PROGBITS;
      else if (n == 6 && !strncmp (t, "nobits", 6))
        sec->type = SHT_NOBITS;
      else if (n == 4 && !strncmp (t, "note", 4))
        sec->type = SHT_NOTE;
      else if (n == 10 && !strncmp (t, "init_array", 10))
        sec->type = SHT_INIT_ARRAY;
      else
        ERR (c, "unknown section type");
    }
  if (!accept (c, ','))
    return;
  if (sec->flags & SHF_MERGE)
    {
      const char *at = c->p;
      int64_t k = const_expr (c);
      /* The size must be a multiple of it (libelf refuses the object
         otherwise): asm_run checks that at the end, from this line.  */
      if (k <= 0 || k > 0xffff)
        {
          if (!c->stmt_err)
            diag_at (c, c->line, COL (c, at), "bad entry size %lld for section `%s'",
                     (long long) k, sec->name);
          return;
        }
      sec->entsize = (uint64_t) k;
      sec->entsize_line = c->line;
      if (!accept (c, ','))
        return;
    }
  if (sec->flags & (SHF_GROUP | SHF_LINK_ORDER))
    {
      /* A group or linked section needs sections bpf-asm does not write:
         an error, not an object that silently lacks them.  */
      ERR (c, "section groups (G) and linked sections (o) are not supported");
      c->p += strlen (c->p);
      return;
    }
  const char *id;
  size_t n = ident (c, &id);
  if (n == 6 && !strncmp (id, "unique", 6) && accept (c, ','))
    {
      /* gas's ",unique,N": another section of the same name; bpf-asm
         merges sections by name, so only N = 0 keeps the meaning.  */
      (void) const_expr (c);
      ERR (c, "`unique' sections are not supported");
      return;
    }
  ERR (c, "junk at end of `.section': `%.20s'", id);
}

static int
section_name (struct asm_ctx *c, const char **name)
{
  skip_ws (c);
  *name = c->p;
  if (*c->p == '"')
    {
      const char *s = ++c->p;
      while (*c->p && *c->p != '"')
        c->p++;
      size_t n = (size_t) (c->p - s);
      if (*c->p == '"')
        c->p++;
      *name = s;
      return (int) n;
    }
  while (*c->p && *c->p != ',' && *c->p != ' ' && *c->p != '\t')
    c->p++;
  return (int) (c->p - *name);
}

static int
sym_operand (struct asm_ctx *c)
{
  const char *id;
  size_t n = ident (c, &id);
  if (!n)
    {
      if (!c->stmt_err)
        ERR (c, "expected a symbol name");
      return -1;
    }
  return sym_get (c, id, n);
}

static void
comm (struct asm_ctx *c, int local)
{
  int s = sym_operand (c);
  if (s < 0 || !expect (c, ','))
    return;
  int64_t size = const_expr (c);
  int64_t align = 0;
  if (accept (c, ','))
    align = const_expr (c);
  if (size < 0 || align < 0 || (align & (align - 1)) || size > (1 << 30))
    {
      ERR (c, "bad size or alignment");
      return;
    }
  struct asm_sym *y = &c->syms[s];
  if (y->sec != ASM_SEC_UNDEF && y->sec != ASM_SEC_COMMON)
    {
      ERR (c, "symbol `%s' is already defined", y->name);
      return;
    }
  if (local || y->explicit_local)
    {
      int save = c->cur;
      c->cur = sec_get (c, ".bss", 4);
      do_align (c, (uint64_t) (align ? align : 1), 0, 0);
      y = &c->syms[s];
      y->sec = c->cur;
      y->value = c->secs[c->cur].size;
      c->secs[c->cur].size += (size_t) size;
      c->cur = save;
      if (!y->type)
        y->type = STT_OBJECT;
    }
  else
    {
      y->sec = ASM_SEC_COMMON;
      y->common_align = (uint64_t) (align ? align : 1);
      y->bind = STB_GLOBAL;
      if (!y->type)
        y->type = STT_OBJECT;
    }
  y->size = (uint64_t) size;
  y->size_set = 1;
}

static int
dir_is (const char *d, size_t n, const char *name)
{
  return strlen (name) == n && !strncmp (d, name, n);
}

static int ctl_directive (struct asm_ctx *c, const char *d, size_t n);

static int
directive (struct asm_ctx *c, const char *d, size_t n)
{
  const char *at = d;
  int size = 0;
  if (ctl_directive (c, d, n))
    return 1;
  if (dir_is (d, n, ".byte")) size = 1;
  else if (dir_is (d, n, ".short") || dir_is (d, n, ".half") || dir_is (d, n, ".2byte")
           || dir_is (d, n, ".hword"))
    size = 2;
  else if (dir_is (d, n, ".word") || dir_is (d, n, ".long") || dir_is (d, n, ".int")
           || dir_is (d, n, ".4byte"))
    size = 4;
  else if (dir_is (d, n, ".quad") || dir_is (d, n, ".dword") || dir_is (d, n, ".8byte"))
    size = 8;
  if (size)
    {
      if (is_end (c))
        return 1;
      do
        {
          skip_ws (c);
          const char *eat = c->p;
          c->allow_post = 1;
          struct expr e = parse_expr (c);
          c->allow_post = 0;
          if (c->stmt_err)
            return 1;
          emit_data_value (c, size, e, eat);
        }
      while (accept (c, ','));
      goto end;
    }
  if (dir_is (d, n, ".ascii") || dir_is (d, n, ".asciz") || dir_is (d, n, ".string"))
    {
      int z = d[5] == 'z' || d[2] == 't';
      do
        {
          uint8_t *b;
          size_t len;
          if (!parse_string (c, &b, &len))
            return 1;
          emit_bytes_checked (c, b, len);
          if (z)
            emit_bytes_checked (c, (const uint8_t *) "", 1);
          free (b);
        }
      while (accept (c, ','));
      goto end;
    }
  if (dir_is (d, n, ".zero") || dir_is (d, n, ".skip") || dir_is (d, n, ".space"))
    {
      int64_t k = const_expr (c);
      int64_t fill = 0;
      if (accept (c, ','))
        fill = const_expr (c);
      if (k < 0 || k > ASM_MAX_FILL)
        {
          ERR (c, "bad size %lld", (long long) k);
          return 1;
        }
      if (sec_nobits (c))
        {
          if (fill)
            ERR (c, "attempt to store non-zero value in section `%s'", c->secs[c->cur].name);
          c->secs[c->cur].size += (size_t) k;
        }
      else
        memset (emit (c, (size_t) k), (int) fill, (size_t) k);
      goto end;
    }
  if (dir_is (d, n, ".fill"))
    {
      int64_t rep = const_expr (c), sz = 1, val = 0;
      if (accept (c, ','))
        sz = const_expr (c);
      if (accept (c, ','))
        val = const_expr (c);
      if (rep < 0 || sz < 0 || sz > 8 || rep * sz > ASM_MAX_FILL)
        {
          ERR (c, "bad .fill arguments");
          return 1;
        }
      for (int64_t i = 0; i < rep; i++)
        {
          uint8_t b[8] = { 0 };
          for (int j = 0; j < sz && j < 4; j++)
            b[j] = (uint8_t) ((uint64_t) val >> (8 * j));
          emit_bytes_checked (c, b, (size_t) sz);
        }
      goto end;
    }
  if (dir_is (d, n, ".align") || dir_is (d, n, ".p2align") || dir_is (d, n, ".balign"))
    {
      int64_t a = const_expr (c);
      int64_t fill = 0;
      int has_fill = 0;
      if (accept (c, ','))
        {
          skip_ws (c);
          if (*c->p != ',')
            {
              fill = const_expr (c);
              has_fill = 1;
            }
          if (accept (c, ','))
            (void) const_expr (c);
        }
      if (d[1] != 'b')
        {
          if (a < 0 || a > 15)
            {
              ERR (c, "alignment too large");
              return 1;
            }
          a = (int64_t) 1 << a;
        }
      else if (a <= 0 || (a & (a - 1)) || a > (1 << 15))
        {
          ERR (c, "alignment is not a power of 2");
          return 1;
        }
      do_align (c, (uint64_t) a, (int) fill, has_fill);
      goto end;
    }
  if (dir_is (d, n, ".uleb128") || dir_is (d, n, ".sleb128"))
    {
      int sgn = d[1] == 's';
      do
        {
          uint64_t v = (uint64_t) const_expr (c);
          uint8_t b[10];
          int k = 0;
          for (;;)
            {
              uint8_t byte = v & 0x7f;
              if (sgn)
                {
                  int64_t sv = (int64_t) v;
                  sv >>= 7;
                  v = (uint64_t) sv;
                  int done = (sv == 0 && !(byte & 0x40)) || (sv == -1 && (byte & 0x40));
                  b[k++] = (uint8_t) (byte | (done ? 0 : 0x80));
                  if (done || k == 10)
                    break;
                }
              else
                {
                  v >>= 7;
                  b[k++] = (uint8_t) (byte | (v ? 0x80 : 0));
                  if (!v || k == 10)
                    break;
                }
            }
          emit_bytes_checked (c, b, (size_t) k);
        }
      while (accept (c, ','));
      goto end;
    }
  if (dir_is (d, n, ".text") || dir_is (d, n, ".data") || dir_is (d, n, ".bss")
      || dir_is (d, n, ".rodata"))
    {
      sec_switch (c, sec_get (c, d, n));
      if (dir_is (d, n, ".text"))
        {
          struct asm_sec *s = &c->secs[c->cur];
          if (s->align < 8) s->align = 8;
        }
      if (!is_end (c))
        {
          /* gas puts subsection N after subsection 0: bpf-asm has one
             subsection per section, so only 0 means what it says.  */
          const char *at = c->p;
          if (const_expr (c) != 0 && !c->stmt_err)
            diag_at (c, c->line, COL (c, at), "subsections are not supported");
        }
      goto end;
    }
  if (dir_is (d, n, ".section") || dir_is (d, n, ".pushsection"))
    {
      const char *nm;
      int len = section_name (c, &nm);
      if (len <= 0)
        {
          ERR (c, "expected a section name");
          return 1;
        }
      int existed = sec_find (c, nm, (size_t) len) >= 0;
      int s = sec_get (c, nm, (size_t) len);
      if (d[1] == 'p')
        {
          GROW (c->stack, c->nstack, c->stackcap);
          c->stack[c->nstack++] = c->cur;
        }
      sec_switch (c, s);
      if (!existed || !is_end (c))
        parse_section_args (c, s);
      if (c->secs[s].flags & SHF_EXECINSTR && c->secs[s].align < 8)
        c->secs[s].align = 8;
      goto end;
    }
  if (dir_is (d, n, ".popsection"))
    {
      if (!c->nstack)
        {
          ERR (c, ".popsection without .pushsection");
          return 1;
        }
      sec_switch (c, c->stack[--c->nstack]);
      goto end;
    }
  if (dir_is (d, n, ".previous"))
    {
      int t = c->prev;
      c->prev = c->cur;
      c->cur = t;
      goto end;
    }
  if (dir_is (d, n, ".globl") || dir_is (d, n, ".global") || dir_is (d, n, ".weak")
      || dir_is (d, n, ".local") || dir_is (d, n, ".hidden")
      || dir_is (d, n, ".protected") || dir_is (d, n, ".internal")
      || dir_is (d, n, ".extern"))
    {
      do
        {
          int s = sym_operand (c);
          if (s < 0)
            return 1;
          struct asm_sym *y = &c->syms[s];
          switch (d[1])
            {
            case 'g': y->bind = STB_GLOBAL; y->explicit_local = 0; break;
            case 'w': y->bind = STB_WEAK; break;
            case 'l': y->bind = STB_LOCAL; y->explicit_local = 1; break;
            case 'h': y->vis = STV_HIDDEN; break;
            case 'p': y->vis = STV_PROTECTED; break;
            case 'i': y->vis = STV_INTERNAL; break;
            case 'e': break;
            }
        }
      while (accept (c, ','));
      goto end;
    }
  if (dir_is (d, n, ".type"))
    {
      int s = sym_operand (c);
      if (s < 0 || !expect (c, ','))
        return 1;
      skip_ws (c);
      if (*c->p == '@' || *c->p == '%' || *c->p == '#')
        c->p++;
      if (*c->p == '"')
        c->p++;
      const char *t;
      size_t tn = ident (c, &t);
      if (*c->p == '"')
        c->p++;
      uint8_t ty = 0;
      if ((tn == 8 && !strncmp (t, "function", 8)) || (tn == 8 && !strncmp (t, "STT_FUNC", 8)))
        ty = STT_FUNC;
      else if ((tn == 6 && !strncmp (t, "object", 6)) || (tn == 10 && !strncmp (t, "STT_OBJECT", 10)))
        ty = STT_OBJECT;
      else if (tn == 6 && !strncmp (t, "notype", 6))
        ty = STT_NOTYPE;
      else if (tn == 9 && !strncmp (t, "tls_object", 9))
        ty = STT_TLS;
      else
        {
          ERR (c, "unknown symbol type");
          return 1;
        }
      c->syms[s].type = ty;
      goto end;
    }
  if (dir_is (d, n, ".size"))
    {
      int s = sym_operand (c);
      if (s < 0 || !expect (c, ','))
        return 1;
      skip_ws (c);
      const char *eat = c->p;
      struct expr e = parse_expr (c);
      GROW (c->sz, c->nsz, c->szcap);
      c->sz[c->nsz].sym = s;
      c->sz[c->nsz].e = e;
      c->sz[c->nsz].line = c->line;
      c->sz[c->nsz].col = COL (c, eat);
      c->sz[c->nsz].ctx = c->ctx;
      c->nsz++;
      goto end;
    }
  if (dir_is (d, n, ".comm") || dir_is (d, n, ".lcomm"))
    {
      comm (c, d[1] == 'l');
      goto end;
    }
  if (dir_is (d, n, ".set") || dir_is (d, n, ".equ") || dir_is (d, n, ".equiv"))
    {
      skip_ws (c);
      const char *symat = c->p;
      int s = sym_operand (c);
      if (s < 0)
        return 1;
      if (!accept (c, '=') && !expect (c, ','))
        return 1;
      struct expr e = parse_expr (c);
      if (c->stmt_err)
        return 1;
      struct asm_sym *y = &c->syms[s];
      if (y->sec != ASM_SEC_UNDEF || y->alias)
        {
          if (!y->set_defined || n == 6)
            {
              diag_at (c, c->line, COL (c, symat), "symbol `%s' is already defined%s",
                       y->name, y->set_defined ? "" : " (not by .set: only .set symbols can be set again)");
              return 1;
            }
          /* gas: a symbol defined by .set may be set again.  Earlier
             uses keep the old value (each use of an absolute symbol is
             folded where it appears; pending fixups keep the old entry),
             later ones see the new one.  */
          s = sym_redefine (c, s);
          y = &c->syms[s];
        }
      y->set_defined = 1;
      if (eisconst (&e))
        {
          y->sec = ASM_SEC_ABS;
          y->value = (uint64_t) e.k;
        }
      else if (e.sub < 0 && c->syms[e.add].sec >= 0)
        {
          y->sec = c->syms[e.add].sec;
          y->value = c->syms[e.add].value + (uint64_t) e.k;
        }
      else if (e.sub < 0 && e.add != s && (c->syms[e.add].sec == ASM_SEC_UNDEF
                                           || c->syms[e.add].sec == ASM_SEC_COMMON))
        {
          /* A symbol not defined yet (or common, or external): Y stands
             for it, as gas's equated symbols do.  */
          y->alias = e.add + 1;
          y->alias_add = e.k;
        }
      else if (e.sub < 0 && e.add == s)
        ERR (c, "symbol `%s' is defined in terms of itself", y->name);
      else
        ERR (c, "expression must be constant or a symbol plus offset");
      goto end;
    }
  if (dir_is (d, n, ".eflags"))
    {
      /* bpf-asm's own: OR a value into the ELF header's e_flags (what
         -d writes for an xBPF object, so the round trip keeps it).  */
      int64_t v = const_expr (c);
      if (c->stmt_err)
        return 1;
      if (v < 0 || v > UINT32_MAX)
        {
          ERR (c, "e_flags value %lld out of range", (long long) v);
          return 1;
        }
      c->eflags |= (uint32_t) v;
      goto end;
    }
  if (dir_is (d, n, ".ident"))
    {
      uint8_t *b;
      size_t len;
      if (!parse_string (c, &b, &len))
        return 1;
      int save = c->cur;
      c->cur = sec_get (c, ".comment", 8);
      if (c->secs[c->cur].size == 0)
        emit (c, 1);
      memcpy (emit (c, len + 1), b, len);
      c->cur = save;
      free (b);
      goto end;
    }
  if (dir_is (d, n, ".file"))
    {
      skip_ws (c);
      if (isdigit ((unsigned char) *c->p))
        return 1;   /* DWARF file table entry: ignored */
      uint8_t *b;
      size_t len;
      if (!parse_string (c, &b, &len))
        return 1;
      char nm[256];
      int k = snprintf (nm, sizeof nm, "%.*s", (int) (len > 200 ? 200 : len), (char *) b);
      free (b);
      if (memchr (nm, 0, (size_t) k) == NULL && k > 0)
        {
          /* FILE symbols are kept apart from the name space.  */
          char key[300];
          int kl = snprintf (key, sizeof key, "\003file:%s", nm);
          int s = sym_get (c, key, (size_t) kl);
          c->syms[s].is_file = 1;
          c->syms[s].temp = 0;
          c->syms[s].sec = ASM_SEC_ABS;
          c->syms[s].type = STT_FILE;
        }
      goto end;
    }
  if (dir_is (d, n, ".subsection"))
    {
      /* gas puts subsection N after subsection 0: bpf-asm has one
         subsection per section, so only 0 means what it says.  */
      skip_ws (c);
      const char *sat = c->p;
      if (const_expr (c) != 0 && !c->stmt_err)
        diag_at (c, c->line, COL (c, sat), "subsections are not supported");
      goto end;
    }
  /* Accepted and ignored.  */
  if (dir_is (d, n, ".loc") || dir_is (d, n, ".loc_mark_labels")
      || (n > 5 && !strncmp (d, ".cfi_", 5)) || dir_is (d, n, ".addrsig")
      || dir_is (d, n, ".addrsig_sym") || dir_is (d, n, ".version")
      || dir_is (d, n, ".cpu") || dir_is (d, n, ".arch") || dir_is (d, n, ".nolist")
      || dir_is (d, n, ".list") || dir_is (d, n, ".eject") || dir_is (d, n, ".psize")
      || dir_is (d, n, ".title") || dir_is (d, n, ".sbttl"))
    {
      while (*c->p)
        c->p++;
      return 1;
    }
  (void) at;
  return 0;
end:
  if (!c->stmt_err && !is_end (c))
    ERR (c, "junk at end of line: `%.20s'", c->p);
  return 1;
}

/* ---------- macros, repetitions and conditionals ---------- */

/* gas feeds the expansion of a macro, .rept, .irp or .irpc back into its
   input; so does bpf-asm, through a stack of frames (the file at the
   bottom).  A macro body is substituted once, when it is invoked, like
   gas's macro_expand_body; conditionals are a stack of struct cond.  */

struct sbuf { char *p; size_t n, cap; };

static void
sb_add (struct sbuf *b, const char *s, size_t n)
{
  if (b->n + n + 1 > b->cap)
    {
      size_t nc = b->cap ? b->cap : 256;
      while (nc < b->n + n + 1)
        nc *= 2;
      b->p = xrealloc (b->p, nc);
      b->cap = nc;
    }
  if (n)
    memcpy (b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = 0;
}

static int
is_ws (int ch)
{
  return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v';
}

/* Case-insensitive comparison of S (N bytes) with NAME.  */
static int
word_is (const char *s, size_t n, const char *name)
{
  if (strlen (name) != n)
    return 0;
  for (size_t i = 0; i < n; i++)
    if (tolower ((unsigned char) s[i]) != tolower ((unsigned char) name[i]))
      return 0;
  return 1;
}

/* The first word of line S after any labels (`x:', `1:'); 0 if none.  */
static size_t
first_word (const char *s, const char **w)
{
  for (;;)
    {
      while (is_ws ((unsigned char) *s))
        s++;
      const char *st = s;
      *w = s;
      if (isdigit ((unsigned char) *s))
        {
          while (isdigit ((unsigned char) *s))
            s++;
          if (*s == ':')
            {
              s++;
              continue;
            }
          return 0;
        }
      if (!is_idstart ((unsigned char) *s))
        return 0;
      while (is_idchar ((unsigned char) *s))
        s++;
      const char *e = s;
      while (is_ws ((unsigned char) *s))
        s++;
      if (*s == ':' && s[1] != '=')
        {
          s++;
          continue;
        }
      return (size_t) (e - st);
    }
}

static void macro_end (struct asm_ctx *c);
static void loop_end (struct asm_ctx *c);

/* ----- the macro table (names ignore case, as in gas) ----- */

/* A purged macro (dead) has left the table, though its slot stays.  */
static const char *
macro_name (const struct asm_ctx *c, int i)
{
  return c->macs[i].dead ? NULL : c->macs[i].name;
}

static void
macro_free (struct macro *m)
{
  for (int i = 0; i < m->nformal; i++)
    {
      free (m->formal[i]);
      free (m->def[i]);
    }
  free (m->formal);
  free (m->def);
  free (m->req);
  free (m->name);
  free (m->body);
  memset (m, 0, sizeof *m);
}

static void
defn_free (struct defn *d)
{
  macro_free (&d->m);
  free (d->body);
  free (d->var);
  free (d->list);
  memset (d, 0, sizeof *d);
}

/* ----- arguments ----- */

/* One macro or .irp argument, as gas's get_any_string reads it: a
   "quoted string" loses its quotes (a doubled quote inside stands for
   one, backslash escapes stay as written); otherwise everything up to
   white space or a comma, quotes included.  */
static char *
macro_arg (struct asm_ctx *c)
{
  struct sbuf b = { 0 };
  sb_add (&b, "", 0);
  skip_ws (c);
  if (*c->p == '"')
    {
      c->p++;
      int esc = 0;
      while (*c->p)
        {
          char ch = *c->p;
          if (ch == '"' && !esc)
            {
              c->p++;
              if (*c->p != '"')
                break;
              sb_add (&b, "\"", 1);
              c->p++;
              continue;
            }
          esc = ch == '\\' ? !esc : 0;
          sb_add (&b, c->p++, 1);
        }
      return b.p;
    }
  while (*c->p && !is_ws ((unsigned char) *c->p) && *c->p != ',')
    {
      if (*c->p == '"' || *c->p == '\'')
        {
          char q = *c->p;
          const char *st = c->p++;
          while (*c->p && *c->p != q)
            c->p++;
          if (*c->p)
            c->p++;
          sb_add (&b, st, (size_t) (c->p - st));
          continue;
        }
      sb_add (&b, c->p++, 1);
    }
  return b.p;
}

/* gas's sb_skip_comma: white space, at most one comma, white space.  */
static void
skip_comma (struct asm_ctx *c)
{
  skip_ws (c);
  if (*c->p == ',')
    {
      c->p++;
      skip_ws (c);
    }
}

/* ----- substitution ----- */

/* Substitute BODY into OUT like gas's macro_expand_body: \NAME is the
   argument of formal NAME (or its default), with an apostrophe right
   after it dropped; \() is nothing and \(text) is text; \@ is the number
   of macros expanded so far; in a macro (MACRO_COUNT >= 0), \+ is the
   number of times this one was.  Anything else is copied.  Returns 0
   when OUT would grow past LIMIT bytes.  */
static int
subst (struct asm_ctx *c, const char *body, size_t len, int nf,
       char *const *names, char *const *vals, long macro_count,
       struct sbuf *out, size_t limit)
{
  size_t i = 0;
  while (i < len)
    {
      if (out->n > limit)
        return 0;
      if (body[i] != '\\')
        {
          const char *bs = memchr (body + i, '\\', len - i);
          size_t run = bs ? (size_t) (bs - (body + i)) : len - i;
          sb_add (out, body + i, run);
          i += run;
          continue;
        }
      i++;
      char ch = i < len ? body[i] : 0;
      if (ch == '(')
        {
          size_t j = i + 1;
          while (j < len && body[j] != ')' && body[j] != '\n')
            j++;
          sb_add (out, body + i + 1, j - i - 1);
          i = j < len && body[j] == ')' ? j + 1 : j;
          continue;
        }
      if (ch == '@' || (ch == '+' && macro_count >= 0))
        {
          char num[24];
          int k = snprintf (num, sizeof num, "%lu",
                            ch == '@' ? (unsigned long) c->macro_number
                                      : (unsigned long) macro_count);
          sb_add (out, num, (size_t) k);
          i++;
          continue;
        }
      size_t j = i;
      if (j < len && is_idstart ((unsigned char) body[j]))
        while (j < len && is_idchar ((unsigned char) body[j]))
          j++;
      int f = -1;
      for (int k = 0; k < nf && j > i; k++)
        if (strlen (names[k]) == j - i && !memcmp (names[k], body + i, j - i))
          {
            f = k;
            break;
          }
      if (f >= 0)
        sb_add (out, vals[f], strlen (vals[f]));
      else
        {
          sb_add (out, "\\", 1);
          sb_add (out, body + i, j - i);
        }
      if (j > i && j < len && body[j] == '\'')
        j++;
      i = j;
    }
  return out->n <= limit;
}

/* ----- frames ----- */

static size_t
budget_left (struct asm_ctx *c)
{
  return c->expanded < c->max_expand ? c->max_expand - c->expanded : 0;
}

/* Expansion limits: report once and stop reading input.  */
static void
fatal_nest (struct asm_ctx *c, int ctx, int line, int col)
{
  diag_loc (c, ctx, line, col,
            "macros, .rept and .irp nested more than %d levels deep (endless recursion?)",
            ASM_MAX_NEST);
  c->fatal = 1;
}

static void
fatal_size (struct asm_ctx *c, int ctx, int line, int col, const char *what)
{
  diag_loc (c, ctx, line, col,
            "expanding this %s would exceed the limit of %zu bytes of expansion in total",
            what, c->max_expand);
  c->fatal = 1;
}

/* Push BUF (owned; LEN bytes of lines of NLINES lines, the first being
   line LINE0) to be read REPS more times after this one.  */
static void
frame_push (struct asm_ctx *c, char *buf, size_t len, uint64_t reps,
            int line0, int nlines, int ctx, enum frame_kind kind)
{
  GROW (c->frames, c->nframes, c->framecap);
  struct frame *f = &c->frames[c->nframes++];
  memset (f, 0, sizeof *f);
  f->buf = buf;
  f->len = len;
  f->reps = reps;
  f->line0 = line0;
  f->nlines = nlines;
  f->ctx = ctx;
  f->ncond = c->nconds;
  f->kind = kind;
}

static const char *
defn_what (enum defn_kind k)
{
  return k == DEFN_MACRO ? ".macro" : k == DEFN_REPT ? ".rept"
         : k == DEFN_IRP ? ".irp" : ".irpc";
}

/* The top frame is read: what it left open is an error.  */
static void
frame_pop (struct asm_ctx *c)
{
  struct frame *f = &c->frames[c->nframes - 1];
  if (c->defn.kind && c->defn.frame == c->nframes)
    {
      diag_loc (c, c->defn.ctx, c->defn.line, c->defn.col,
                "`%s' without `%s'%s", defn_what (c->defn.kind),
                c->defn.kind == DEFN_MACRO ? ".endm" : ".endr",
                f->kind == FRAME_FILE ? "" : " in the same expansion");
      defn_free (&c->defn);
    }
  while (c->nconds > f->ncond)
    {
      struct cond *k = &c->conds[--c->nconds];
      diag_loc (c, k->ctx, k->line, k->col, "`.if' without `.endif'%s",
                f->kind == FRAME_FILE ? "" : " in the same expansion");
    }
  free (f->buf);
  free (f->pend);
  c->nframes--;
}

static int
expansion_depth (struct asm_ctx *c)
{
  return (int) c->nframes - 1;
}

/* ----- .macro ... .endm ----- */

static int
formal_index (const struct macro *m, const char *s, size_t n)
{
  for (int i = 0; i < m->nformal; i++)
    if (strlen (m->formal[i]) == n && !memcmp (m->formal[i], s, n))
      return i;
  return -1;
}

static void
defn_begin (struct asm_ctx *c, enum defn_kind kind, const char *at)
{
  struct defn *d = &c->defn;
  defn_free (d);
  d->kind = kind;
  d->line = c->line;
  d->col = COL (c, at);
  d->ctx = c->ctx;
  d->frame = c->nframes;
  d->bodyline = c->line + 1;
}

static void
macro_begin (struct asm_ctx *c, const char *at)
{
  defn_begin (c, DEFN_MACRO, at);
  struct defn *d = &c->defn;
  struct macro *m = &d->m;
  const char *nm;
  size_t n = ident (c, &nm);
  if (!n)
    {
      ERR (c, "expected a macro name");
      d->bad = 1;
      return;
    }
  m->name = xstrndup (nm, n);
  for (size_t i = 0; i < n; i++)
    m->name[i] = (char) tolower ((unsigned char) m->name[i]);
  m->line = c->line;
  m->ctx = c->ctx;
  accept (c, ',');
  while (!is_end (c))
    {
      const char *f;
      size_t fn = ident (c, &f);
      if (!fn || m->vararg)
        {
          ERR (c, m->vararg ? "`:vararg' parameter `%s' must be the last one"
                            : "bad parameter list for macro `%s'",
               m->vararg ? m->formal[m->nformal - 1] : m->name);
          d->bad = 1;
          return;
        }
      if (formal_index (m, f, fn) >= 0)
        {
          diag_at (c, c->line, COL (c, f),
                   "a parameter named `%.*s' already exists for macro `%s'",
                   (int) fn, f, m->name);
          d->bad = 1;
          return;
        }
      int k = m->nformal++;
      m->formal = xrealloc (m->formal, (size_t) m->nformal * sizeof *m->formal);
      m->def = xrealloc (m->def, (size_t) m->nformal * sizeof *m->def);
      m->req = xrealloc (m->req, (size_t) m->nformal);
      m->formal[k] = xstrndup (f, fn);
      m->def[k] = xstrndup ("", 0);
      m->req[k] = 0;
      skip_ws (c);
      if (*c->p == ':')
        {
          c->p++;
          const char *q;
          size_t qn = ident (c, &q);
          if (qn == 3 && !strncmp (q, "req", 3))
            m->req[k] = 1;
          else if (qn == 6 && !strncmp (q, "vararg", 6))
            m->vararg = 1;
          else
            {
              diag_at (c, c->line, COL (c, q),
                       "`%.*s' is not a valid qualifier for parameter `%s' (`req' or `vararg')",
                       (int) (qn > 20 ? 20 : qn), q, m->formal[k]);
              d->bad = 1;
              return;
            }
          skip_ws (c);
        }
      if (*c->p == '=')
        {
          c->p++;
          free (m->def[k]);
          m->def[k] = macro_arg (c);
          if (m->req[k])
            {
              warn_loc (c, c->ctx, c->line, COL (c, f),
                        "pointless default value for required parameter `%s' in macro `%s'",
                        m->formal[k], m->name);
              m->def[k][0] = 0;
            }
        }
      skip_comma (c);
    }
}

/* A line of a body being collected.  */
static void
defn_line (struct asm_ctx *c, const char *line)
{
  struct defn *d = &c->defn;
  const char *w;
  size_t n = first_word (line, &w);
  if (d->kind == DEFN_MACRO)
    {
      if (word_is (w, n, ".macro"))
        d->depth++;
      else if (word_is (w, n, ".endm"))
        {
          if (d->depth-- == 0)
            {
              c->p = w + n;
              macro_end (c);
              return;
            }
        }
    }
  else
    {
      if (word_is (w, n, ".rept") || word_is (w, n, ".irp") || word_is (w, n, ".irpc"))
        d->depth++;
      else if (word_is (w, n, ".endr"))
        {
          if (d->depth-- == 0)
            {
              c->p = w + n;
              loop_end (c);
              return;
            }
        }
    }
  size_t len = strlen (line);
  if (d->len + len + 1 > d->cap)
    {
      size_t nc = d->cap ? d->cap : 256;
      while (nc < d->len + len + 1)
        nc *= 2;
      d->body = xrealloc (d->body, nc);
      d->cap = nc;
    }
  memcpy (d->body + d->len, line, len);
  d->len += len;
  d->body[d->len++] = '\n';
  d->nlines++;
}

static void
macro_end (struct asm_ctx *c)
{
  struct defn *d = &c->defn;
  if (d->bad || !d->m.name)
    {
      defn_free (d);
      return;
    }
  int old = nidx_find (c, &c->macidx, d->m.name, strlen (d->m.name));
  if (old >= 0)
    {
      diag_loc (c, d->ctx, d->line, d->col,
                "macro `%s' is already defined (at line %d); use `.purgem' first",
                d->m.name, c->macs[old].line);
      defn_free (d);
      return;
    }
  nidx_grow (c, &c->macidx, c->nmacs);
  GROW (c->macs, c->nmacs, c->maccap);
  struct macro *m = &c->macs[c->nmacs];
  *m = d->m;
  memset (&d->m, 0, sizeof d->m);
  m->body = d->body ? d->body : xstrndup ("", 0);
  m->len = d->len;
  m->nlines = d->nlines;
  m->bodyline = d->bodyline;
  d->body = NULL;
  nidx_insert (&c->macidx, m->name, strlen (m->name), (int) c->nmacs++);
  defn_free (d);
}

/* Invoke macro MI; c->p is after its name, AT at its start.  */
static void
macro_invoke (struct asm_ctx *c, int mi, const char *at)
{
  if (expansion_depth (c) >= ASM_MAX_NEST)
    {
      fatal_nest (c, c->ctx, c->line, COL (c, at));
      return;
    }
  struct macro *m = &c->macs[mi];
  int nf = m->nformal;
  char **act = xrealloc (NULL, (size_t) (nf + 1) * sizeof *act);
  for (int i = 0; i < nf; i++)
    act[i] = NULL;
  int pos = 0, kw = 0, ok = 1;
  skip_ws (c);
  while (ok && *c->p)
    {
      /* NAME=VALUE is a keyword argument (gas's test: a `=' before any
         separator).  */
      const char *q = c->p;
      while (*q && !is_ws ((unsigned char) *q) && *q != ',' && *q != '"'
             && *q != '(' && *q != ')' && *q != '=')
        q++;
      if (*q == '=' && q > c->p)
        {
          kw = 1;
          const char *nm;
          size_t nn = ident (c, &nm);
          if (!nn || c->p != q)
            {
              ERR (c, "bad keyword argument `%.*s' for macro `%s'",
                   (int) (q - nm > 20 ? 20 : q - nm), nm, m->name);
              ok = 0;
              break;
            }
          c->p++;
          int f = formal_index (m, nm, nn);
          char *v = macro_arg (c);
          if (f < 0)
            {
              diag_at (c, c->line, COL (c, nm),
                       "macro `%s' has no parameter named `%.*s'", m->name,
                       (int) nn, nm);
              free (v);
              ok = 0;
              break;
            }
          if (act[f])
            {
              warn_loc (c, c->ctx, c->line, COL (c, nm),
                        "value for parameter `%s' of macro `%s' was already specified",
                        m->formal[f], m->name);
              free (act[f]);
            }
          act[f] = v;
        }
      else
        {
          if (kw)
            {
              ERR (c, "positional argument after keyword arguments for macro `%s'",
                   m->name);
              ok = 0;
              break;
            }
          if (pos >= nf)
            {
              ERR (c, "too many arguments for macro `%s' (it takes %d)", m->name, nf);
              ok = 0;
              break;
            }
          if (m->vararg && pos == nf - 1)
            {
              /* The rest of the line, white space as gas's input
                 scrubber leaves it: none after a comma, runs as one
                 space, none at the end (quoted text as written).  */
              struct sbuf b = { 0 };
              sb_add (&b, "", 0);
              char q = 0;
              for (const char *r = c->p; *r; r++)
                {
                  if (q)
                    {
                      if (*r == '\\' && r[1])
                        sb_add (&b, r++, 1);
                      else if (*r == q)
                        q = 0;
                    }
                  else if (*r == '"' || *r == '\'')
                    q = *r;
                  else if (is_ws ((unsigned char) *r))
                    {
                      while (is_ws ((unsigned char) r[1]))
                        r++;
                      if (!r[1] || (b.n && b.p[b.n - 1] == ','))
                        continue;
                      sb_add (&b, " ", 1);
                      continue;
                    }
                  sb_add (&b, r, 1);
                }
              act[pos++] = b.p;
              c->p += strlen (c->p);
              break;
            }
          act[pos++] = macro_arg (c);
        }
      skip_comma (c);
    }
  for (int i = 0; ok && i < nf; i++)
    if (!act[i] || !act[i][0])
      {
        if (m->req[i])
          {
            diag_at (c, c->line, COL (c, at),
                     "missing value for required parameter `%s' of macro `%s'",
                     m->formal[i], m->name);
            ok = 0;
            break;
          }
        free (act[i]);
        act[i] = xstrndup (m->def[i], strlen (m->def[i]));
      }
  if (ok)
    {
      struct sbuf out = { 0 };
      sb_add (&out, "", 0);
      if (!subst (c, m->body, m->len, nf, m->formal, act, (long) m->count, &out,
                  budget_left (c)))
        {
          free (out.p);
          fatal_size (c, c->ctx, c->line, COL (c, at), "macro");
        }
      else
        {
          c->expanded += out.n + 1;
          m->count++;
          c->macro_number++;
          GROW (c->xctx, c->nxctx, c->xctxcap);
          struct xctx *x = &c->xctx[c->nxctx];
          x->parent = c->ctx;
          x->line = c->line;
          x->col = COL (c, at);
          x->macro = mi;
          frame_push (c, out.p, out.n, 0, m->bodyline, m->nlines, (int) c->nxctx++,
                      FRAME_MACRO);
        }
    }
  for (int i = 0; i < nf; i++)
    free (act[i]);
  free (act);
}

/* ----- .rept / .irp / .irpc ... .endr ----- */

static void
loop_begin (struct asm_ctx *c, enum defn_kind kind, const char *at)
{
  int64_t count = 0;
  char *var = NULL;
  int bad = 0;
  if (kind == DEFN_REPT)
    {
      count = const_expr (c);
      bad = c->stmt_err;
      if (!bad && count < 0)
        {
          warn_loc (c, c->ctx, c->line, COL (c, at), "negative count for `.rept': ignored");
          count = 0;
        }
    }
  else
    {
      const char *v;
      size_t vn = ident (c, &v);
      if (!vn)
        {
          ERR (c, "expected a parameter name after `%s'", defn_what (kind));
          bad = 1;
        }
      else
        var = xstrndup (v, vn);
      skip_comma (c);
    }
  defn_begin (c, kind, at);
  struct defn *d = &c->defn;
  d->bad = bad;
  d->count = count;
  d->var = var;
  if (kind == DEFN_REPT)
    {
      if (!bad && !is_end (c))
        {
          ERR (c, "junk at end of line: `%.20s'", c->p);
          d->bad = 1;
        }
    }
  else
    {
      size_t l = strlen (c->p);
      while (l && is_ws ((unsigned char) c->p[l - 1]))
        l--;
      d->list = xstrndup (c->p, l);
      c->p += strlen (c->p);
    }
}

static void
loop_end (struct asm_ctx *c)
{
  struct defn *d = &c->defn;
  enum defn_kind kind = d->kind;
  char *body = d->body ? d->body : xstrndup ("", 0);
  size_t len = d->len;
  int nlines = d->nlines;
  int line0 = d->bodyline;
  int dctx = d->ctx, dline = d->line, dcol = d->col;
  const char *what = defn_what (kind);
  d->body = NULL;
  if (d->bad)
    {
      free (body);
      defn_free (d);
      return;
    }
  if (expansion_depth (c) >= ASM_MAX_NEST)
    {
      free (body);
      defn_free (d);
      fatal_nest (c, dctx, dline, dcol);
      return;
    }
  if (kind == DEFN_REPT)
    {
      uint64_t n = (uint64_t) d->count;
      defn_free (d);
      if (n == 0 || len == 0)
        {
          free (body);
          return;
        }
      if (n > budget_left (c) / (len + 1))
        {
          free (body);
          fatal_size (c, dctx, dline, dcol, what);
          return;
        }
      c->expanded += n * (len + 1);
      frame_push (c, body, len, n - 1, line0, nlines, c->ctx, FRAME_LOOP);
      return;
    }
  /* .irp/.irpc: every iteration substituted into one buffer.  */
  struct sbuf out = { 0 };
  sb_add (&out, "", 0);
  char *names[1] = { d->var };
  char *list = d->list;
  const char *save_p = c->p, *save_ls = c->linestart;
  c->p = list;
  c->linestart = list;
  int ok = 1;
  skip_ws (c);
  if (!*c->p)
    {
      char *val[1] = { (char *) "" };
      ok = subst (c, body, len, 1, names, val, -1, &out, budget_left (c));
    }
  else if (kind == DEFN_IRP)
    while (ok && *c->p)
      {
        char *v = macro_arg (c);
        char *val[1] = { v };
        ok = subst (c, body, len, 1, names, val, -1, &out, budget_left (c));
        free (v);
        skip_comma (c);
      }
  else
    {
      int inq = 0;
      if (*c->p == '"')
        {
          inq = 1;
          c->p++;
        }
      while (ok && *c->p)
        {
          if (*c->p == '"')
            {
              inq = !inq;
              c->p++;
              skip_ws (c);
              if (!*c->p)
                break;
            }
          char ch[2] = { *c->p++, 0 };
          char *val[1] = { ch };
          ok = subst (c, body, len, 1, names, val, -1, &out, budget_left (c));
          if (!inq)
            skip_ws (c);
        }
    }
  c->p = save_p;
  c->linestart = save_ls;
  free (body);
  defn_free (d);
  if (!ok)
    {
      free (out.p);
      fatal_size (c, dctx, dline, dcol, what);
      return;
    }
  c->expanded += out.n + 1;
  frame_push (c, out.p, out.n, 0, line0, nlines, c->ctx, FRAME_LOOP);
}

/* ----- conditionals ----- */

static int
cond_active (struct asm_ctx *c)
{
  return c->nconds == 0 || c->conds[c->nconds - 1].active;
}

/* A string of .ifc: 'quoted' (a doubled quote stands for one), or the
   text up to TERM (a comma) or the end of the line, trimmed, runs of
   white space counting as one space.  */
static char *
ifc_string (struct asm_ctx *c, int term)
{
  struct sbuf b = { 0 };
  sb_add (&b, "", 0);
  skip_ws (c);
  if (*c->p == '\'')
    {
      c->p++;
      while (*c->p)
        {
          if (*c->p == '\'')
            {
              if (c->p[1] != '\'')
                {
                  c->p++;
                  break;
                }
              c->p++;
            }
          sb_add (&b, c->p++, 1);
        }
      skip_ws (c);
      return b.p;
    }
  while (*c->p && *c->p != term)
    {
      if (is_ws ((unsigned char) *c->p))
        {
          while (is_ws ((unsigned char) *c->p))
            c->p++;
          if (*c->p && *c->p != term)
            sb_add (&b, " ", 1);
          continue;
        }
      sb_add (&b, c->p++, 1);
    }
  return b.p;
}

/* A register operand as .ifc compares it: GCC prints an inline asm's
   register operand as %rN (r10 as %fp), clang as rN, and asm written for
   clang compares %[x] with rN (bpf_experimental.h's bpf_addr_space_cast):
   so a whole string %rN compares as rN, and %fp as r10.  */
static const char *
ifc_reg (const char *s)
{
  if (!strcmp (s, "%fp"))
    return "r10";
  if (s[0] == '%' && s[1] == 'r' && isdigit ((unsigned char) s[2])
      && (!s[3] || (isdigit ((unsigned char) s[3]) && !s[4])))
    return s + 1;
  return s;
}

/* Evaluate the condition of .if-like directive D (N bytes), reading its
   operands.  */
static int
cond_eval (struct asm_ctx *c, const char *d, size_t n)
{
  const char *s = d + 3;   /* after ".if" */
  size_t k = n - 3;
  if (k == 0 || (k == 2 && !strncmp (s, "ne", 2)) || (k == 2 && !strncmp (s, "eq", 2))
      || (k == 2 && (!strncmp (s, "ge", 2) || !strncmp (s, "gt", 2)
                     || !strncmp (s, "le", 2) || !strncmp (s, "lt", 2))))
    {
      skip_ws (c);
      const char *st = c->p;
      struct expr e = parse_expr (c);
      if (c->stmt_err)
        return 0;
      if (!eisconst (&e))
        {
          diag_at (c, c->line, COL (c, st), "non-constant expression in `%.*s'",
                   (int) n, d);
          return 0;
        }
      int64_t v = e.k;
      if (k == 0 || !strncmp (s, "ne", 2))
        return v != 0;
      if (!strncmp (s, "eq", 2))
        return v == 0;
      if (!strncmp (s, "ge", 2))
        return v >= 0;
      if (!strncmp (s, "gt", 2))
        return v > 0;
      if (!strncmp (s, "le", 2))
        return v <= 0;
      return v < 0;
    }
  if ((k == 3 && !strncmp (s, "def", 3)) || (k == 4 && !strncmp (s, "ndef", 4))
      || (k == 6 && !strncmp (s, "notdef", 6)))
    {
      const char *nm;
      size_t nn = ident (c, &nm);
      if (!nn)
        {
          ERR (c, "expected a symbol name");
          return 0;
        }
      int si = nidx_find (c, &c->symidx, nm, nn);
      int def = si >= 0 && c->syms[si].sec != ASM_SEC_UNDEF;
      return s[0] == 'd' ? def : !def;
    }
  if ((k == 1 && s[0] == 'c') || (k == 2 && !strncmp (s, "nc", 2)))
    {
      char *a = ifc_string (c, ',');
      if (*c->p != ',')
        {
          free (a);
          ERR (c, "expected `,' in `%.*s' (write 'quoted' strings for ones with commas)",
               (int) n, d);
          return 0;
        }
      c->p++;
      char *b = ifc_string (c, 0);
      int eq = !strcmp (ifc_reg (a), ifc_reg (b));
      free (a);
      free (b);
      return s[0] == 'c' ? eq : !eq;
    }
  if ((k == 3 && !strncmp (s, "eqs", 3)) || (k == 3 && !strncmp (s, "nes", 3)))
    {
      uint8_t *a, *b;
      size_t al, bl;
      if (!parse_string (c, &a, &al))
        return 0;
      if (!expect (c, ',') || !parse_string (c, &b, &bl))
        {
          free (a);
          return 0;
        }
      int eq = al == bl && !memcmp (a, b, al);
      free (a);
      free (b);
      return s[0] == 'e' ? eq : !eq;
    }
  /* .ifb / .ifnb */
  skip_ws (c);
  int blank = !*c->p;
  c->p += strlen (c->p);
  return s[0] == 'b' ? blank : !blank;
}

static int
is_if_directive (const char *d, size_t n)
{
  static const char *const ifs[] = {
    ".if", ".ifdef", ".ifndef", ".ifnotdef", ".ifc", ".ifnc", ".ifeqs",
    ".ifnes", ".ifeq", ".ifne", ".ifge", ".ifgt", ".ifle", ".iflt", ".ifb",
    ".ifnb"
  };
  for (size_t i = 0; i < sizeof ifs / sizeof *ifs; i++)
    if (n == strlen (ifs[i]) && !strncmp (d, ifs[i], n))
      return 1;
  return 0;
}

/* Conditional directive D (N bytes, c->p after it).  Returns 0 when D is
   not one.  Runs in skipped regions too, where it only tracks nesting.  */
static int
cond_directive (struct asm_ctx *c, const char *d, size_t n)
{
  int outer = cond_active (c);
  size_t base = c->nframes ? c->frames[c->nframes - 1].ncond : 0;
  int have = c->nconds > base;
  struct cond *top = have ? &c->conds[c->nconds - 1] : NULL;
  if (is_if_directive (d, n))
    {
      GROW (c->conds, c->nconds, c->condcap);
      struct cond *k = &c->conds[c->nconds++];
      memset (k, 0, sizeof *k);
      k->line = c->line;
      k->col = COL (c, d);
      k->ctx = c->ctx;
      k->outer = (uint8_t) outer;
      k->taken = 1;
      if (outer)
        {
          int v = cond_eval (c, d, n);
          k = &c->conds[c->nconds - 1];
          k->active = (uint8_t) (v != 0);
          k->taken = k->active;
          if (!c->stmt_err && !is_end (c))
            ERR (c, "junk at end of line: `%.20s'", c->p);
        }
      return 1;
    }
  if (dir_is (d, n, ".elseif"))
    {
      if (!have)
        {
          diag_at (c, c->line, COL (c, d), "`.elseif' without `.if'");
          return 1;
        }
      if (top->seen_else && top->outer)
        diag_at (c, c->line, COL (c, d), "`.elseif' after `.else'");
      if (top->outer && !top->taken)
        {
          int v = cond_eval (c, ".if", 3);
          top = &c->conds[c->nconds - 1];
          top->active = (uint8_t) (v != 0);
          top->taken = top->active;
          if (!c->stmt_err && !is_end (c))
            ERR (c, "junk at end of line: `%.20s'", c->p);
        }
      else
        top->active = 0;
      c->p += strlen (c->p);
      return 1;
    }
  if (dir_is (d, n, ".else"))
    {
      if (!have)
        {
          diag_at (c, c->line, COL (c, d), "`.else' without `.if'");
          return 1;
        }
      if (top->seen_else && top->outer)
        diag_at (c, c->line, COL (c, d), "duplicate `.else'");
      top->seen_else = 1;
      top->active = (uint8_t) (top->outer && !top->taken);
      top->taken = 1;
      if (top->outer && !is_end (c))
        ERR (c, "junk at end of line: `%.20s'", c->p);
      c->p += strlen (c->p);
      return 1;
    }
  if (dir_is (d, n, ".endif"))
    {
      if (!have)
        {
          diag_at (c, c->line, COL (c, d), "`.endif' without `.if'");
          return 1;
        }
      if (top->outer && !is_end (c))
        ERR (c, "junk at end of line: `%.20s'", c->p);
      c->nconds--;
      c->p += strlen (c->p);
      return 1;
    }
  return 0;
}

/* ----- the directives ----- */

/* Macro, loop, conditional and message directives.  Returns 0 when D is
   none of them.  */
static int
ctl_directive (struct asm_ctx *c, const char *d, size_t n)
{
  if (n < 3 || d[1] < 'a' || (d[1] != 'e' && d[1] != 'i' && d[1] != 'm'
                             && d[1] != 'r' && d[1] != 'p' && d[1] != 'w'
                             && d[1] != 'f' && d[1] != 'a' && d[1] != 'n'))
    return 0;
  if (cond_directive (c, d, n))
    return 1;
  if (dir_is (d, n, ".macro"))
    {
      /* The body is collected whatever the errors in this line.  */
      macro_begin (c, d);
      c->p += strlen (c->p);
      return 1;
    }
  if (dir_is (d, n, ".rept") || dir_is (d, n, ".irp") || dir_is (d, n, ".irpc"))
    {
      loop_begin (c, dir_is (d, n, ".rept") ? DEFN_REPT
                     : dir_is (d, n, ".irp") ? DEFN_IRP : DEFN_IRPC, d);
      c->p += strlen (c->p);
      return 1;
    }
  if (dir_is (d, n, ".endm") || dir_is (d, n, ".endr"))
    {
      diag_at (c, c->line, COL (c, d), "`%.*s' without `%s'", (int) n, d,
               d[4] == 'm' ? ".macro" : ".rept, .irp or .irpc");
      return 1;
    }
  if (dir_is (d, n, ".exitm"))
    {
      if (expansion_depth (c) == 0)
        {
          warn_loc (c, c->ctx, c->line, COL (c, d), "`.exitm' outside a macro: ignored");
          return 1;
        }
      /* The innermost expansion ends here (a .irp or .rept in a macro
         ends, not the macro: gas does the same), with what it opened.  */
      struct frame *f = &c->frames[c->nframes - 1];
      c->nconds = f->ncond;
      free (f->buf);
      free (f->pend);
      c->nframes--;
      if (!is_end (c))
        ERR (c, "junk at end of line: `%.20s'", c->p);
      return 1;
    }
  if (dir_is (d, n, ".purgem"))
    {
      do
        {
          const char *nm;
          size_t nn = ident (c, &nm);
          if (!nn)
            {
              ERR (c, "expected a macro name");
              return 1;
            }
          int m = nidx_find (c, &c->macidx, nm, nn);
          if (m < 0)
            warn_loc (c, c->ctx, c->line, COL (c, nm),
                      "macro `%.*s' is not defined: nothing to purge", (int) nn, nm);
          else
            c->macs[m].dead = 1;
        }
      while (accept (c, ','));
      if (!is_end (c))
        ERR (c, "junk at end of line: `%.20s'", c->p);
      return 1;
    }
  if (dir_is (d, n, ".error") || dir_is (d, n, ".warning") || dir_is (d, n, ".print"))
    {
      uint8_t *b = NULL;
      size_t len = 0;
      int col = COL (c, d);
      int has = !is_end (c);
      if (has && !parse_string (c, &b, &len))
        return 1;
      if (!is_end (c))
        {
          free (b);
          ERR (c, "junk at end of line: `%.20s'", c->p);
          return 1;
        }
      char *msg = xrealloc (NULL, len + 1);
      if (len)
        memcpy (msg, b, len);
      msg[len] = 0;
      free (b);
      for (size_t i = 0; i < len; i++)
        if (msg[i] == '\n' || msg[i] == '\r' || msg[i] == 0)
          msg[i] = ' ';
      if (d[1] == 'e')
        diag_at (c, c->line, col, "%s", has ? msg : ".error directive invoked in source file");
      else if (d[1] == 'w')
        warn_loc (c, c->ctx, c->line, col, "%s",
                  has ? msg : ".warning directive invoked in source file");
      else if (c->opts->diag)
        printf ("%s\n", msg);
      free (msg);
      return 1;
    }
  if (dir_is (d, n, ".fail"))
    {
      int col = COL (c, d);
      int64_t v = const_expr (c);
      if (c->stmt_err)
        return 1;
      if (v >= 500)
        warn_loc (c, c->ctx, c->line, col, ".fail %lld encountered", (long long) v);
      else
        diag_at (c, c->line, col, ".fail %lld encountered", (long long) v);
      return 1;
    }
  if (dir_is (d, n, ".altmacro"))
    {
      diag_at (c, c->line, COL (c, d), "`.altmacro' is not supported");
      return 1;
    }
  if (dir_is (d, n, ".noaltmacro"))
    return 1;
  return 0;
}

/* ---------- statements ---------- */

static int
looks_pseudoc (const char *s)
{
  /* pseudo-C: an '=' outside brackets, or a keyword.  */
  const char *q = s;
  while (*q == ' ' || *q == '\t')
    q++;
  static const char *const kw[] = { "if", "goto", "gotol", "lock", "callx" };
  for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
    {
      size_t n = strlen (kw[i]);
      if (!strncmp (q, kw[i], n) && !is_idchar ((unsigned char) q[n]))
        return 1;
    }
  if (*q == '*')
    return 1;
  for (; *q; q++)
    if (*q == '=')
      return 1;
  return 0;
}

static void
statement (struct asm_ctx *c)
{
  for (;;)
    {
      skip_ws (c);
      if (!*c->p)
        return;
      const char *st = c->p;
      /* Numeric local label "N:"  */
      if (isdigit ((unsigned char) *c->p))
        {
          const char *q = c->p;
          int v = 0;
          while (isdigit ((unsigned char) *q) && v < ASM_MAX_NUMLABEL)
            v = v * 10 + (*q++ - '0');
          if (*q == ':' && v < ASM_MAX_NUMLABEL)
            {
              c->numlab[v]++;
              char buf[32];
              int len = snprintf (buf, sizeof buf, ".L%d\002%d", v, c->numlab[v]);
              define_label (c, sym_get (c, buf, (size_t) len), st);
              c->p = q + 1;
              continue;
            }
        }
      const char *id;
      size_t n = ident (c, &id);
      if (n)
        {
          skip_ws (c);
          if (*c->p == ':' && c->p[1] != '=')
            {
              c->p++;
              int s = sym_get (c, id, n);
              define_label (c, s, st);
              continue;
            }
          if (*c->p == '=' && c->p[1] != '=' && id[0] != 'r' && id[0] != 'w')
            {
              /* sym = expr  */
              c->p = st;
              (void) directive (c, ".set", 4);
              return;
            }
          if (id[0] == '.' && n > 1)
            {
              /* Directives first, then macros (as gas does).  */
              if (directive (c, id, n))
                return;
              int m = nidx_find (c, &c->macidx, id, n);
              if (m >= 0)
                macro_invoke (c, m, id);
              else
                diag_at (c, c->line, COL (c, id), "unknown directive `%.*s'",
                         (int) (n > 40 ? 40 : n), id);
              return;
            }
          /* Macros before instructions.  */
          int m = nidx_find (c, &c->macidx, id, n);
          if (m >= 0)
            {
              macro_invoke (c, m, id);
              return;
            }
        }
      c->p = st;
      enum asm_syntax_mode m = c->opts->syntax;
      int pc;
      if (m == ASM_SYNTAX_GNU)
        pc = 0;
      else if (m == ASM_SYNTAX_PSEUDOC)
        pc = 1;
      else
        pc = looks_pseudoc (c->p);
      if (pc)
        pc_insn (c, st);
      else
        {
          n = ident (c, &id);
          if (!n)
            {
              ERR (c, "syntax error at `%.20s'", c->p);
              return;
            }
          gnu_insn (c, id, n, st);
        }
      return;
    }
}

/* Whether LINE, the first of a file, is how bpf-gcc starts its output:
   `\t.file\t"NAME"' (clang starts with .text; see split_line).  */
static int
gcc_first_line (const char *line)
{
  return !strncmp (line, "\t.file\t\"", 8);
}

/* The plugin's mark on a CO-RE access it emits as an inline asm
   (attrs/core.cc): `;core#N' ending the line, a comment.  */
static int
plugin_core_mark (const char *r)
{
  if (strncmp (r, ";core#", 6) || !isdigit ((unsigned char) r[6]))
    return 0;
  r += 6;
  while (isdigit ((unsigned char) *r))
    r++;
  while (*r == ' ' || *r == '\t' || *r == '\r')
    r++;
  return !*r;
}

/* GCC's line marker in an inline asm block: `; 12 "file.c" 1'.  */
static int
gcc_line_marker (const char *r)
{
  r++;
  while (*r == ' ' || *r == '\t')
    r++;
  if (!isdigit ((unsigned char) *r))
    return 0;
  while (isdigit ((unsigned char) *r))
    r++;
  if (*r != ' ' && *r != '\t')
    return 0;
  while (*r == ' ' || *r == '\t')
    r++;
  return *r == '"';
}

/* Cut line S into statements, in place: every `;' outside strings and
   character constants becomes a NUL, as in LLVM's assembler and gas
   (binutils 2.42 on), so that "r0 = 1; r0 += 2" is two statements.  With
   COMMENTS (lines of the file), strip comments too: `#', `//' after white
   space or `;', and C comments spanning lines (IN_COMMENT carries state).
   `;' is GCC 12's comment character (ASM_COMMENT_START, as in binutils
   2.40): with SEMI_COMMENT (the text bpf-gcc writes itself, outside an
   inline asm block) it starts a comment, and GCC never writes two
   statements on a line, so no code can follow it.  In an inline asm block
   (IN_APP) the text is the user's, written for clang: `;' separates, and
   only GCC's line markers (`; 12 "file.c" 1') and the plugin's CO-RE
   marks (`;core#N' at the end of a line) are comments.  Returns the
   new length (pieces included).  */
static size_t
split_line (char *s, int comments, int *in_comment, int in_app, int semi_comment)
{
  char *w = s;
  int instr = 0;
  char *r = s;
  if (comments && !*in_comment)
    {
      const char *q = s;
      while (*q == ' ' || *q == '\t')
        q++;
      if (*q == ';' && (semi_comment || (in_app && gcc_line_marker (q))))
        {
          *s = 0;
          return 0;
        }
    }
  while (*r)
    {
      if (!*in_comment && !instr)
        {
          /* The ordinary characters in one go (this loop sees every byte
             of the input).  */
          size_t k = strcspn (r, "\"';#/");
          if (w != r)
            memmove (w, r, k);
          w += k;
          r += k;
          if (!*r)
            break;
        }
      if (*in_comment)
        {
          if (r[0] == '*' && r[1] == '/')
            {
              *in_comment = 0;
              r += 2;
              *w++ = ' ';
            }
          else
            r++;
          continue;
        }
      if (instr)
        {
          if (*r == '\\' && r[1])
            {
              *w++ = *r++;
              *w++ = *r++;
              continue;
            }
          if (*r == '"')
            instr = 0;
          *w++ = *r++;
          continue;
        }
      if (*r == '"')
        {
          instr = 1;
          *w++ = *r++;
          continue;
        }
      if (*r == '\'' && r[1])
        {
          /* A character constant ('; or ';'): not a separator.  */
          *w++ = *r++;
          *w++ = *r++;
          continue;
        }
      if (*r == ';' && (semi_comment || plugin_core_mark (r)))
        break;
      if (*r == ';')
        {
          *w++ = 0;
          r++;
          continue;
        }
      if (comments)
        {
          if (*r == '/' && r[1] == '*')
            {
              *in_comment = 1;
              r += 2;
              continue;
            }
          /* `//' (LLVM's comment) only after white space or a statement's
             end: section names such as uretprobe//bin/bash:readline
             contain it.  */
          if (*r == '#'
              || (*r == '/' && r[1] == '/'
                  && (r == s || r[-1] == ' ' || r[-1] == '\t' || r[-1] == ';')))
            break;
        }
      *w++ = *r++;
    }
  *w = 0;
  return (size_t) (w - s);
}

/* ---------- the input loop ---------- */

/* Assemble one statement, LINE, of the line that starts at START.  */
static void
process_line (struct asm_ctx *c, const char *start, char *line)
{
  c->linestart = start;
  c->p = line;
  c->stmt_err = 0;
  if (c->defn.kind)
    {
      defn_line (c, line);
      return;
    }
  if (!cond_active (c))
    {
      const char *w;
      size_t n = first_word (line, &w);
      if (n > 1 && w[0] == '.')
        {
          c->p = (char *) w + n;
          (void) cond_directive (c, w, n);
        }
      return;
    }
  size_t nfx = c->nfx;
  int blank = c->in_app && is_end (c);
  c->p = line;
  statement (c);
  if (c->stmt_err)
    c->nfx = nfx;    /* no fixups for a statement in error */
  else if (!blank && c->in_app)
    c->app_stmts++;
}

/* GCC brackets the text of each inline asm with lines "#APP" and
   "#NO_APP" (ASM_APP_ON/OFF); --app-stats counts the statements of each
   such block, so that a corpus check can compare them with the block's
   text.  LINE is a whole line of the file, before comments go.  */
static void
app_marker (struct asm_ctx *c, const char *line)
{
  while (*line == ' ' || *line == '\t')
    line++;
  size_t n = strlen (line);
  while (n && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
    n--;
  if (n == 4 && !memcmp (line, "#APP", 4))
    {
      if (c->in_app && c->opts->app_stats)
        fprintf (c->opts->app_stats, "%d %u\n", c->app_line, c->app_stmts);
      c->in_app = 1;
      c->app_line = c->line;
      c->app_stmts = 0;
    }
  else if (n == 7 && !memcmp (line, "#NO_APP", 7))
    {
      if (c->in_app && c->opts->app_stats)
        fprintf (c->opts->app_stats, "%d %u\n", c->app_line, c->app_stmts);
      c->in_app = 0;
    }
}

/* Assemble the statements of BUF (LEN bytes, split_line's pieces) from
   offset OFF, line LINE of the top frame.  When one of them opens a frame
   (a macro, a .rept), the rest waits in the frame under it, to follow the
   expansion: returns 1, BUF then belongs to that frame.  */
static int
run_pieces (struct asm_ctx *c, char *buf, size_t len, size_t off, int line)
{
  size_t depth = c->nframes;
  int ctx = c->frames[depth - 1].ctx;
  while (off <= len && !c->fatal)
    {
      char *piece = buf + off;
      off += strlen (piece) + 1;
      c->line = line;
      c->ctx = ctx;
      process_line (c, buf, piece);
      if (c->nframes < depth)
        return 0;   /* .exitm: the rest of the expansion goes */
      if (c->nframes > depth && off <= len)
        {
          struct frame *f = &c->frames[depth - 1];
          f->pend = buf;
          f->pendlen = len;
          f->pendoff = off;
          f->pendline = line;
          return 1;
        }
    }
  return 0;
}

/* Read lines from the frames until the file ends (or a fatal error).  */
static void
run_lines (struct asm_ctx *c)
{
  while (c->nframes && !c->fatal)
    {
      struct frame *f = &c->frames[c->nframes - 1];
      if (f->pend)
        {
          char *buf = f->pend;
          f->pend = NULL;
          if (!run_pieces (c, buf, f->pendlen, f->pendoff, f->pendline))
            free (buf);
          continue;
        }
      if (f->pos >= f->len)
        {
          if (f->reps)
            {
              f->reps--;
              f->pos = 0;
              continue;
            }
          if (c->nframes == 1)
            return;   /* the file: asm_run checks what is left open */
          frame_pop (c);
          continue;
        }
      const char *s = f->buf + f->pos;
      const char *nl = memchr (s, '\n', f->len - f->pos);
      size_t n = nl ? (size_t) (nl - s) : f->len - f->pos;
      f->pos += n + (nl != NULL);
      c->line = f->line0 + (f->nlines ? f->idx % f->nlines : f->idx);
      f->idx++;
      c->ctx = f->ctx;
      if (n + 1 > c->lbufcap)
        {
          c->lbufcap = n + 1 > 256 ? n + 1 : 256;
          c->lbuf = xrealloc (c->lbuf, c->lbufcap);
        }
      memcpy (c->lbuf, s, n);
      c->lbuf[n] = 0;
      if (f->kind == FRAME_FILE && f->idx == 1)
        c->gcc_file = gcc_first_line (c->lbuf);
      if (f->kind == FRAME_FILE && !c->in_comment)
        {
          const char *q = c->lbuf;
          while (*q == ' ' || *q == '\t')
            q++;
          if (*q == '#')
            app_marker (c, q);
        }
      size_t len = split_line (c->lbuf, f->kind == FRAME_FILE, &c->in_comment,
                               c->in_app, c->gcc_file && !c->in_app);
      if (run_pieces (c, c->lbuf, len, 0, c->line))
        {
          c->lbuf = NULL;   /* now the frame's */
          c->lbufcap = 0;
        }
    }
}

/* ---------- resolution ---------- */

static void
put32 (uint8_t *p, uint32_t v)
{
  p[0] = v & 0xff; p[1] = (v >> 8) & 0xff; p[2] = (v >> 16) & 0xff; p[3] = v >> 24;
}

static void
put16 (uint8_t *p, uint16_t v)
{
  p[0] = v & 0xff; p[1] = v >> 8;
}


/* Resolve a section name used as a symbol (e.g. ".bss+4" from the
   disassembler).  */
static void
resolve_section_names (struct asm_ctx *c)
{
  for (size_t i = 0; i < c->nsyms; i++)
    {
      struct asm_sym *y = &c->syms[i];
      if (y->sec == ASM_SEC_UNDEF && y->bind == STB_LOCAL)
        {
          int s = sec_find (c, y->name, strlen (y->name));
          if (s >= 0)
            {
              y->sec = s;
              y->value = 0;
              y->temp = 1;
            }
        }
    }
}

/* .set aliases whose symbol got defined become symbols of their own at
   its value (gas writes them so); the others stay out of the symbol
   table and stand for their symbol in fixups.  */
static void
resolve_aliases (struct asm_ctx *c)
{
  for (size_t i = 0; i < c->nsyms; i++)
    {
      if (!c->syms[i].alias)
        continue;
      /* The final symbol and the sum of the offsets on the way.  */
      int t = (int) i;
      int64_t k = 0;
      size_t steps = 0;
      while (c->syms[t].alias && steps++ <= c->nsyms)
        {
          k = (int64_t) ((uint64_t) k + (uint64_t) c->syms[t].alias_add);
          t = c->syms[t].alias - 1;
        }
      if (c->syms[t].alias)
        {
          /* A cycle (longer than what .set itself checks): break it.  */
          c->ctx = -1;
          diag_at (c, 0, 0, "symbol `%s' is defined in terms of itself", c->syms[i].name);
          for (int u = (int) i, n = 0; c->syms[u].alias && n <= (int) c->nsyms; n++)
            {
              int next = c->syms[u].alias - 1;
              c->syms[u].alias = 0;
              c->syms[u].temp = 1;
              u = next;
            }
          continue;
        }
      /* Every symbol on the way now goes straight to T (so the next
         ones are quick), or is defined if T is.  */
      const struct asm_sym tgt = c->syms[t];
      int64_t pre = 0;
      for (int u = (int) i; c->syms[u].alias;)
        {
          struct asm_sym *y = &c->syms[u];
          int next = y->alias - 1;
          int64_t add = y->alias_add;
          int64_t rest = (int64_t) ((uint64_t) k - (uint64_t) pre);
          if (tgt.sec >= 0 || tgt.sec == ASM_SEC_ABS)
            {
              y->sec = tgt.sec;
              y->value = tgt.value + (uint64_t) rest;
              y->alias = 0;
            }
          else
            {
              y->alias = t + 1;
              y->alias_add = rest;
              y->temp = 1;
              if (next == t)
                break;
            }
          pre = (int64_t) ((uint64_t) pre + (uint64_t) add);
          u = next;
        }
    }
}

static void
apply_fixups (struct asm_ctx *c)
{
  for (size_t i = 0; i < c->nfx; i++)
    {
      struct fixup *f = &c->fx[i];
      c->ctx = f->ctx;
      efold (c, &f->e);
      if (f->e.post)
        {
          diag_at (c, f->line, f->col, "expression too complex for a relocation");
          continue;
        }
      struct asm_sec *s = &c->secs[f->sec];
      size_t need = f->kind == FX_DATA ? (size_t) f->size
                    : f->kind == FX_LDDW ? 16 : 8;
      if (!s->data || s->type == SHT_NOBITS || f->off + need > s->size)
        continue;
      uint8_t *p = s->data + f->off;
      int line = f->line, col = f->col;
      if (f->e.sub >= 0)
        {
          diag_at (c, line, col, "cannot represent a difference of symbols from different sections (`%s')",
                   c->syms[f->e.sub].name);
          continue;
        }
      struct asm_sym *y = f->e.add >= 0 ? &c->syms[f->e.add] : NULL;
      int64_t k = f->e.k;
      int defined = y && y->sec >= 0;
      if (y && y->sec == ASM_SEC_UNDEF && y->temp)
        {
          if (strchr (y->name, 2))
            diag_at (c, line, col, "undefined numeric local label `%d'",
                     atoi (y->name + 2));
          else
            diag_at (c, line, col, "undefined local label `%s'", y->name);
          continue;
        }
      /* The relocation target: the symbol itself for global/weak/undefined
         ones, the section symbol (value folded in) for local ones.  */
      int rsym = -1;
      int64_t radd = k;
      if (y)
        {
          y->referenced = 1;
          if (defined && y->bind == STB_LOCAL)
            {
              rsym = -1 - y->sec;
              radd = k + (int64_t) y->value;
            }
          else
            rsym = f->e.add;
        }
      switch (f->kind)
        {
        case FX_IMM32: case FX_OFF16:
          if (y)
            {
              diag_at (c, line, col, "symbolic value `%s' not allowed here", y->name[0] == '.' && y->name[1] == 'L' && y->name[2] == 2 ? "." : y->name);
              continue;
            }
          if (f->kind == FX_IMM32)
            {
              if (k < INT32_MIN || k > (int64_t) UINT32_MAX)
                diag_at (c, line, col, "immediate %lld out of range", (long long) k);
              put32 (p + 4, (uint32_t) k);
            }
          else
            {
              if (k < INT16_MIN || k > INT16_MAX)
                diag_at (c, line, col, "offset %lld out of range", (long long) k);
              put16 (p + 2, (uint16_t) k);
            }
          break;
        case FX_JUMP16: case FX_JUMP32:
          {
            if (!y)
              {
                if (f->kind == FX_JUMP16)
                  put16 (p + 2, (uint16_t) k);
                else
                  put32 (p + 4, (uint32_t) k);
                break;
              }
            if (!defined || y->sec != f->sec)
              {
                diag_at (c, line, col, "jump target `%s' is not a label in this section", y->name);
                continue;
              }
            int64_t delta = (int64_t) y->value + k - (int64_t) (f->off + 8);
            if (delta % 8)
              {
                diag_at (c, line, col, "jump target is not instruction-aligned");
                continue;
              }
            delta /= 8;
            if (f->kind == FX_JUMP16)
              {
                if (delta < INT16_MIN || delta > INT16_MAX)
                  {
                    diag_at (c, line, col, "jump out of range (%lld instructions)", (long long) delta);
                    continue;
                  }
                put16 (p + 2, (uint16_t) delta);
              }
            else
              put32 (p + 4, (uint32_t) delta);
            break;
          }
        case FX_CALL:
          {
            int kfunc = (p[1] >> 4) == 2;
            if (!y)
              {
                put32 (p + 4, (uint32_t) k);
                break;
              }
            if (!kfunc && defined && y->sec == f->sec && y->bind == STB_LOCAL)
              {
                int64_t delta = (int64_t) y->value + k - (int64_t) (f->off + 8);
                if (delta % 8)
                  {
                    diag_at (c, line, col, "call target is not instruction-aligned");
                    continue;
                  }
                put32 (p + 4, (uint32_t) (delta / 8));
                break;
              }
            if (rsym < 0)
              put32 (p + 4, (uint32_t) (radd / 8 - 1));
            else
              put32 (p + 4, (uint32_t) (k / 8 - 1));
            add_reloc (c, f->sec, f->off, R_BPF_64_32, rsym);
            break;
          }
        case FX_LDDW:
          if (!y)
            {
              put32 (p + 4, (uint32_t) k);
              put32 (p + 12, (uint32_t) ((uint64_t) k >> 32));
              break;
            }
          if (y->sec == ASM_SEC_ABS)
            {
              put32 (p + 4, (uint32_t) (k + (int64_t) y->value));
              break;
            }
          put32 (p + 4, (uint32_t) radd);
          put32 (p + 12, 0);
          add_reloc (c, f->sec, f->off, R_BPF_64_64, rsym);
          break;
        case FX_DATA:
          if (!y)
            {
              for (int j = 0; j < f->size; j++)
                p[j] = (uint8_t) ((uint64_t) k >> (8 * j));
              break;
            }
          if (f->size != 8 && f->size != 4)
            {
              diag_at (c, line, col, "cannot relocate a %d-byte value", f->size);
              continue;
            }
          for (int j = 0; j < f->size; j++)
            p[j] = (uint8_t) ((uint64_t) radd >> (8 * j));
          {
            /* LLVM's rule: a 4-byte reference to a symbol defined in an
               allocated executable or writable section is NODYLD32
               (.BTF/.BTF.ext records), any other ABS32.  */
            int type = R_BPF_64_ABS64;
            if (f->size == 4)
              {
                type = R_BPF_64_ABS32;
                if (defined)
                  {
                    uint64_t fl = c->secs[y->sec].flags;
                    if ((fl & SHF_ALLOC) && (fl & (SHF_EXECINSTR | SHF_WRITE)))
                      type = R_BPF_64_NODYLD32;
                  }
              }
            add_reloc (c, f->sec, f->off, type, rsym);
          }
          break;
        }
    }
  for (size_t i = 0; i < c->nsz; i++)
    {
      struct size_dir *z = &c->sz[i];
      c->ctx = z->ctx;
      efold (c, &z->e);
      if (!eisconst (&z->e))
        {
          diag_at (c, z->line, z->col, ".size expression for `%s' is not constant",
                   c->syms[z->sym].name);
          continue;
        }
      c->syms[z->sym].size = (uint64_t) z->e.k;
      c->syms[z->sym].size_set = 1;
    }
}

struct asm_ctx *
asm_run (const char *file, const char *text, size_t len,
         const struct asm_opts *opts)
{
  struct asm_ctx *c = xrealloc (NULL, sizeof *c);
  memset (c, 0, sizeof *c);
  c->opts = opts;
  c->file = file;
  c->symidx.first = 1024;
  c->symidx.name = sym_name;
  c->macidx.first = 64;
  c->macidx.fold = 1;
  c->macidx.name = macro_name;
  c->secidx.first = 16;
  c->secidx.name = sec_name;
  nidx_grow (c, &c->symidx, 0);
  c->cur = c->prev = sec_get (c, ".text", 5);
  c->secs[c->cur].align = 8;
  /* Like gas, .data and .bss always exist.  */
  sec_get (c, ".data", 5);
  sec_get (c, ".bss", 4);
  if (opts->xbpf)
    c->eflags |= EF_BPF_GNU_XBPF;
  char *buf = xrealloc (NULL, len + 1);
  memcpy (buf, text, len);
  buf[len] = 0;
  /* NUL bytes inside the text end the line early: make them spaces.  */
  for (size_t i = 0; i < len; i++)
    if (buf[i] == 0)
      buf[i] = ' ';
  c->ctx = -1;
  c->max_expand = opts->max_expand ? opts->max_expand : ASM_MAX_EXPAND;
  frame_push (c, buf, len, 0, 1, 0, -1, FRAME_FILE);
  run_lines (c);
  while (c->nframes)
    {
      if (c->fatal)
        {
          /* Stop: drop what is left without more diagnostics.  */
          free (c->frames[c->nframes - 1].buf);
          c->nframes--;
          c->nconds = c->nframes ? c->frames[c->nframes - 1].ncond : 0;
          defn_free (&c->defn);
        }
      else
        frame_pop (c);
    }
  resolve_section_names (c);
  resolve_aliases (c);
  apply_fixups (c);
  for (size_t i = 0; i < c->nsecs; i++)
    {
      struct asm_sec *s = &c->secs[i];
      if (s->entsize > 1 && s->size % s->entsize && s->type != SHT_NOBITS)
        diag_loc (c, -1, s->entsize_line, 0,
                  "section `%s': size %zu is not a multiple of its entry size %llu",
                  s->name, s->size, (unsigned long long) s->entsize);
    }
  /* Like gas, pad every section to a multiple of its alignment.  */
  for (size_t i = 0; i < c->nsecs; i++)
    {
      c->cur = (int) i;
      struct asm_sec *s = &c->secs[i];
      size_t pad = (size_t) ((s->align - s->size % s->align) % s->align);
      if (pad)
        emit (c, pad);
    }
  return c;
}

void
asm_free (struct asm_ctx *c)
{
  if (!c)
    return;
  for (size_t i = 0; i < c->nsecs; i++)
    {
      free (c->secs[i].name);
      free (c->secs[i].data);
      free (c->secs[i].rels);
    }
  free (c->secs);
  for (size_t i = 0; i < c->nsyms; i++)
    free (c->syms[i].name);
  free (c->syms);
  free (c->symidx.slot);
  free (c->secidx.slot);
  free (c->fx);
  free (c->sz);
  free (c->stack);
  free (c->scratch);
  for (size_t i = 0; i < c->nmacs; i++)
    macro_free (&c->macs[i]);
  free (c->macs);
  free (c->macidx.slot);
  for (size_t i = 0; i < c->nframes; i++)
    {
      free (c->frames[i].buf);
      free (c->frames[i].pend);
    }
  free (c->frames);
  free (c->xctx);
  free (c->conds);
  defn_free (&c->defn);
  free (c->lbuf);
  free (c->post);
  free (c);
}
