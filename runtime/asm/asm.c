/* asm.c - bpf-asm: the assembler's driver: memory helpers, the context's
   accessors, diagnostics, asm_run and asm_free.  The parts it drives have
   a file each, named for what they do (asm.h lists them): statement.c
   reads the lines, directives.c, gnu.c and pseudoc.c take the statements,
   expr.c the expressions, emit.c encodes, resolve.c finishes, relax.c
   makes far jumps long.  */
/* open_memstream (POSIX.1-2008), also where this is built with a plain
   -std=c11 (the sanitized builds of the tests).  */
#if !defined _GNU_SOURCE && !defined _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "asm/asm.h"

/* ---------- small helpers ---------- */

void *
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

char *
xstrndup (const char *s, size_t n)
{
  char *p = xrealloc (NULL, n + 1);
  memcpy (p, s, n);
  p[n] = 0;
  return p;
}

int asm_errors (const struct asm_ctx *c) { return c->nerr; }
size_t asm_nsecs (const struct asm_ctx *c) { return c->nsecs; }
struct asm_sec *asm_sec_at (struct asm_ctx *c, size_t i) { return &c->secs[i]; }
size_t asm_nsyms (const struct asm_ctx *c) { return c->nsyms; }
struct asm_sym *asm_sym_at (struct asm_ctx *c, size_t i) { return &c->syms[i]; }
uint32_t asm_eflags (const struct asm_ctx *c) { return c->eflags; }
int asm_omit_empty (const struct asm_ctx *c) { return c->omit_empty; }
const char *asm_file (const struct asm_ctx *c) { return c->file; }

void
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
void
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
int
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

void
diag_loc (struct asm_ctx *c, int ctx, int line, int col, const char *fmt, ...)
{
  if (!count_error (c))
    return;
  va_list ap;
  va_start (ap, fmt);
  vdiag (c, "error", ctx, line, col, fmt, ap);
  va_end (ap);
}

void
warn_loc (struct asm_ctx *c, int ctx, int line, int col, const char *fmt, ...)
{
  if (!c->opts->diag || c->opts->no_warn)
    return;
  c->nwarn++;
  va_list ap;
  va_start (ap, fmt);
  vdiag (c, "warning", ctx, line, col, fmt, ap);
  va_end (ap);
}

void
diag_at (struct asm_ctx *c, int line, int col, const char *fmt, ...)
{
  if (!count_error (c))
    return;
  va_list ap;
  va_start (ap, fmt);
  vdiag (c, "error", c->ctx, line, col, fmt, ap);
  va_end (ap);
}

/* One pass over the input: jumps as PLAN says (long, or through
   islands); NO_RELAX: the last pass, out-of-range jumps are errors.  */
static struct asm_ctx *
asm_run_pass (const char *file, const char *text, size_t len,
              const struct asm_opts *opts, FILE *print,
              const struct relax_plan *plan, int no_relax)
{
  struct asm_ctx *c = xrealloc (NULL, sizeof *c);
  memset (c, 0, sizeof *c);
  c->opts = opts;
  c->print = print;
  c->plan = plan;
  c->isls = xrealloc (NULL, (plan->nisl + 1) * sizeof *c->isls);
  memset (c->isls, 0, (plan->nisl + 1) * sizeof *c->isls);
  for (size_t i = 0; i < plan->nisl; i++)
    c->isls[i].fx = -1;
  c->no_relax = no_relax;
  c->cpu = opts->cpu ? opts->cpu : 4;
  c->omit_empty = opts->omit_empty;
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
  /* The file frame reads the caller's text in place: lines are copied
     out one by one (run_lines, which also turns NUL bytes into spaces),
     never written.  Copying a 300,000-line data file here cost a fifth
     of bpf-asm's time, mostly page faults on the fresh buffer, and made
     it slower than bpf-as.  */
  c->ctx = -1;
  c->max_expand = opts->max_expand ? opts->max_expand : ASM_MAX_EXPAND;
  frame_push (c, (char *) text, len, 0, 1, 0, -1, FRAME_FILE);
  run_lines (c);
  while (c->nframes)
    {
      if (c->fatal)
        {
          /* Stop: drop what is left without more diagnostics.  */
          if (c->frames[c->nframes - 1].kind != FRAME_FILE)
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
  relax_numeric (c);
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

/* A stream that keeps what a pass writes until it is known to be the
   last one (NULL stays NULL: nothing is written).  */
struct held { FILE *f; char *buf; size_t len; };

static FILE *
hold (struct held *h, FILE *to)
{
  memset (h, 0, sizeof *h);
  if (to)
    h->f = open_memstream (&h->buf, &h->len);
  return h->f;
}

static void
release (struct held *h, FILE *to)
{
  if (h->f)
    {
      fclose (h->f);
      if (to && h->len)
        fwrite (h->buf, 1, h->len, to);
      free (h->buf);
      h->f = NULL;
    }
}

/* Release the three streams of a pass, writing what they hold to TO's
   (NULL: dropping it).  */
static void
release_all (struct held h[3], FILE *const *to)
{
  for (int k = 0; k < 3; k++)
    release (&h[k], to ? to[k] : NULL);
}

/* Assemble TEXT: passes until no jump to a label is out of range
   (relax.c says why).  What the passes before the last wrote (to
   opts->diag, opts->app_stats and, for .print, stdout) is dropped.  */
struct asm_ctx *
asm_run (const char *file, const char *text, size_t len,
         const struct asm_opts *opts)
{
  enum { MAX_PASSES = 8 };
  /* What a pass writes: diagnostics, --app-stats, .print.  */
  FILE *const to[3] = { opts->diag, opts->app_stats, stdout };
  struct relax_plan plan;
  memset (&plan, 0, sizeof plan);
  for (int pass = 1;; pass++)
    {
      struct held h[3];
      memset (h, 0, sizeof h);
      int last = pass == MAX_PASSES;
      for (int k = 0; k < 3 && !last; k++)
        if (to[k] && !hold (&h[k], to[k]))
          last = 1;   /* nowhere to keep a pass's output: one pass only */
      if (last)
        release_all (h, NULL);
      struct asm_opts po = *opts;
      po.diag = last ? to[0] : h[0].f;
      po.app_stats = last ? to[1] : h[1].f;
      struct asm_ctx *c = asm_run_pass (file, text, len, &po, last ? to[2] : h[2].f,
                                        &plan, last);
      if (last || c->nerr || !relax_plan_next (&plan, c))
        {
          /* gas's --fatal-warnings: the warnings stand, then one error
             (in the same words), and no object.  */
          if (opts->fatal_warnings && c->nwarn && !c->nerr && count_error (c))
            fprintf (po.diag, "%s: error: %d warning%s, treating warnings as errors\n",
                     file, c->nwarn, c->nwarn == 1 ? "" : "s");
          release_all (h, to);
          c->opts = opts;
          c->print = stdout;
          c->plan = NULL;
          relax_plan_free (&plan);
          return c;
        }
      release_all (h, NULL);
      asm_free (c);
    }
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
  free (c->want);
  free (c->isls);
  free (c->iwant);
  free (c->stmt_sec);
  free (c->stmt_off);
  free (c->ins);
  free (c->nj);
  free (c->sz);
  free (c->stack);
  free (c->scratch);
  for (size_t i = 0; i < c->nmacs; i++)
    macro_free (&c->macs[i]);
  free (c->macs);
  free (c->macidx.slot);
  for (size_t i = 0; i < c->nframes; i++)
    {
      if (c->frames[i].kind != FRAME_FILE)
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
