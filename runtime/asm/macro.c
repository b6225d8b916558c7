/* macro.c - bpf-asm: macros, repetitions (.rept/.irp/.irpc) and conditionals, with
   gas's semantics: frames of expanded text, substitution, .if stack.  */
#include "asm/asm.h"

void
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


/* Case-insensitive comparison of S (N bytes) with NAME.  */
int
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
size_t
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


/* ----- the macro table (names ignore case, as in gas) ----- */

/* A purged macro (dead) has left the table, though its slot stays.  */
const char *
macro_name (const struct asm_ctx *c, int i)
{
  return c->macs[i].dead ? NULL : c->macs[i].name;
}

void
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
  free (m->fhash);
  free (m->name);
  free (m->body);
  memset (m, 0, sizeof *m);
}

void
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
char *
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
void
skip_comma (struct asm_ctx *c)
{
  skip_ws (c);
  if (*c->p == ',')
    {
      c->p++;
      skip_ws (c);
    }
}

/* ----- finding a parameter by name ----- */

/* Names of parameters are found through a hash table of their indexes
   (index + 1, 0: empty slot), open addressing, at most half full.  */
static size_t
name_hash (const char *s, size_t n)
{
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char) s[i]) * 1099511628211ull;
  return (size_t) (h ^ (h >> 29));
}

static int
names_find (const int *tab, size_t cap, char *const *names, const char *s, size_t n)
{
  for (size_t i = name_hash (s, n) & (cap - 1);; i = (i + 1) & (cap - 1))
    {
      int k = tab[i] - 1;
      if (k < 0)
        return -1;
      if (strlen (names[k]) == n && !memcmp (names[k], s, n))
        return k;
    }
}

/* Add NAMES[K] to the table, growing it to keep it at most half full
   (NAMES[0..K-1] are in it).  */
static void
names_add (int **tab, size_t *cap, char *const *names, int k)
{
  if ((size_t) (k + 1) * 2 > *cap)
    {
      size_t ncap = *cap ? *cap * 2 : 16;
      while ((size_t) (k + 1) * 2 > ncap)
        ncap *= 2;
      free (*tab);
      *tab = xrealloc (NULL, ncap * sizeof **tab);
      memset (*tab, 0, ncap * sizeof **tab);
      *cap = ncap;
      for (int j = 0; j < k; j++)
        names_add (tab, cap, names, j);
    }
  const char *s = names[k];
  size_t n = strlen (s);
  size_t i = name_hash (s, n) & (*cap - 1);
  while ((*tab)[i])
    i = (i + 1) & (*cap - 1);
  (*tab)[i] = k + 1;
}

/* ----- substitution ----- */

/* Substitute BODY into OUT like gas's macro_expand_body: \NAME is the
   argument of formal NAME (or its default), with an apostrophe right
   after it dropped; \() is nothing and \(text) is text; \@ is the number
   of macros expanded so far; in a macro (MACRO_COUNT >= 0), \+ is the
   number of times this one was.  Anything else is copied.  Returns 0
   when OUT would grow past LIMIT bytes.  */
int
subst (struct asm_ctx *c, const char *body, size_t len, int nf,
       char *const *names, char *const *vals, long macro_count,
       struct sbuf *out, size_t limit)
{
  /* Many parameters: look them up by hash (built once per expansion,
     which costs what the arguments did), not one by one per reference.  */
  int *tab = NULL;
  size_t cap = 0;
  if (nf > 8)
    for (int k = 0; k < nf; k++)
      names_add (&tab, &cap, names, k);
  size_t i = 0;
  while (i < len)
    {
      if (out->n > limit)
        break;
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
      if (tab && j > i)
        f = names_find (tab, cap, names, body + i, j - i);
      else
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
  free (tab);
  return out->n <= limit;
}

/* ----- frames ----- */

size_t
budget_left (struct asm_ctx *c)
{
  return c->expanded < c->max_expand ? c->max_expand - c->expanded : 0;
}

/* Expansion limits: report once and stop reading input.  */
void
fatal_nest (struct asm_ctx *c, int ctx, int line, int col)
{
  diag_loc (c, ctx, line, col,
            "macros, .rept and .irp nested more than %d levels deep (endless recursion?)",
            ASM_MAX_NEST);
  c->fatal = 1;
}

void
fatal_size (struct asm_ctx *c, int ctx, int line, int col, const char *what)
{
  diag_loc (c, ctx, line, col,
            "expanding this %s would exceed the limit of %zu bytes of expansion in total",
            what, c->max_expand);
  c->fatal = 1;
}

/* Push BUF (owned; LEN bytes of lines of NLINES lines, the first being
   line LINE0) to be read REPS more times after this one.  */
void
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
  f->has_nul = memchr (buf, 0, len) != NULL;
}

const char *
defn_what (enum defn_kind k)
{
  return k == DEFN_MACRO ? ".macro" : k == DEFN_REPT ? ".rept"
         : k == DEFN_IRP ? ".irp" : ".irpc";
}

/* The top frame is read: what it left open is an error.  */
void
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
  if (f->kind != FRAME_FILE)   /* asm_run_pass's text, not ours */
    free (f->buf);
  free (f->pend);
  c->nframes--;
}

int
expansion_depth (struct asm_ctx *c)
{
  return (int) c->nframes - 1;
}

/* ----- .macro ... .endm ----- */

int
formal_index (const struct macro *m, const char *s, size_t n)
{
  if (m->fhash)
    return names_find (m->fhash, m->fhcap, m->formal, s, n);
  for (int i = 0; i < m->nformal; i++)
    if (strlen (m->formal[i]) == n && !memcmp (m->formal[i], s, n))
      return i;
  return -1;
}

void
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

void
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
      if ((k & (k - 1)) == 0)
        {
          /* Capacity doubles at each power of two: linear in all.  */
          size_t ncap = k ? (size_t) k * 2 : 1;
          m->formal = xrealloc (m->formal, ncap * sizeof *m->formal);
          m->def = xrealloc (m->def, ncap * sizeof *m->def);
          m->req = xrealloc (m->req, ncap);
        }
      m->formal[k] = xstrndup (f, fn);
      m->def[k] = xstrndup ("", 0);
      m->req[k] = 0;
      names_add (&m->fhash, &m->fhcap, m->formal, k);
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
void
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

void
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
void
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

void
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

void
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

int
cond_active (struct asm_ctx *c)
{
  return c->nconds == 0 || c->conds[c->nconds - 1].active;
}

/* A string of .ifc: 'quoted' (a doubled quote stands for one), or the
   text up to TERM (a comma) or the end of the line, trimmed, runs of
   white space counting as one space.  */
char *
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
const char *
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
int
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

int
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
int
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

/* ----- the directives (rows of directives.c's pseudo_table) ----- */

/* .macro NAME [ARGS]: the body is collected whatever the errors in this
   line.  */
int
s_macro (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) op;
  macro_begin (c, d);
  c->p += strlen (c->p);
  return PSEUDO_DONE;
}

/* .rept, .irp, .irpc (ARG: the defn_kind).  */
int
s_loop (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  loop_begin (c, (enum defn_kind) op->arg, d);
  c->p += strlen (c->p);
  return PSEUDO_DONE;
}

/* .endm or .endr met outside a definition.  */
int
s_end_without_begin (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  diag_at (c, c->line, COL (c, d), "`%s' without `%s'", op->name,
           op->name[4] == 'm' ? ".macro" : ".rept, .irp or .irpc");
  return PSEUDO_DONE;
}

int
s_exitm (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) op;
  if (expansion_depth (c) == 0)
    {
      warn_loc (c, c->ctx, c->line, COL (c, d), "`.exitm' outside a macro: ignored");
      return PSEUDO_DONE;
    }
  /* The innermost expansion ends here (a .irp or .rept in a macro ends,
     not the macro: gas does the same), with what it opened.  */
  struct frame *f = &c->frames[c->nframes - 1];
  c->nconds = f->ncond;
  free (f->buf);
  free (f->pend);
  c->nframes--;
  return PSEUDO_CHECK_END;
}

int
s_purgem (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d, (void) op;
  do
    {
      const char *nm;
      size_t nn = ident (c, &nm);
      if (!nn)
        {
          ERR (c, "expected a macro name");
          return PSEUDO_DONE;
        }
      int m = nidx_find (c, &c->macidx, nm, nn);
      if (m < 0)
        warn_loc (c, c->ctx, c->line, COL (c, nm),
                  "macro `%.*s' is not defined: nothing to purge", (int) nn, nm);
      else
        c->macs[m].dead = 1;
    }
  while (accept (c, ','));
  return PSEUDO_CHECK_END;
}

/* .error, .warning, .print [STRING] (ARG: MSG_*).  */
int
s_message (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  uint8_t *b = NULL;
  size_t len = 0;
  int col = COL (c, d);
  int has = !is_end (c);
  if (has && !parse_string (c, &b, &len))
    return PSEUDO_DONE;
  if (!is_end (c))
    {
      free (b);
      ERR (c, "junk at end of line: `%.20s'", c->p);
      return PSEUDO_DONE;
    }
  char *msg = xrealloc (NULL, len + 1);
  if (len)
    memcpy (msg, b, len);
  msg[len] = 0;
  free (b);
  for (size_t i = 0; i < len; i++)
    if (msg[i] == '\n' || msg[i] == '\r' || msg[i] == 0)
      msg[i] = ' ';
  if (op->arg == MSG_ERROR)
    diag_at (c, c->line, col, "%s", has ? msg : ".error directive invoked in source file");
  else if (op->arg == MSG_WARNING)
    warn_loc (c, c->ctx, c->line, col, "%s",
              has ? msg : ".warning directive invoked in source file");
  else if (c->opts->diag)
    fprintf (c->print, "%s\n", msg);
  free (msg);
  return PSEUDO_DONE;
}

/* .fail N: an error, or a warning from 500 up (gas).  */
int
s_fail (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) op;
  int col = COL (c, d);
  int64_t v = const_expr (c);
  if (c->stmt_err)
    return PSEUDO_DONE;
  if (v >= 500)
    warn_loc (c, c->ctx, c->line, col, ".fail %lld encountered", (long long) v);
  else
    diag_at (c, c->line, col, ".fail %lld encountered", (long long) v);
  return PSEUDO_DONE;
}

/* .altmacro (ARG 1) is not supported; .noaltmacro (ARG 0) is what
   bpf-asm does anyway.  */
int
s_altmacro (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  if (op->arg)
    diag_at (c, c->line, COL (c, d), "`.altmacro' is not supported");
  return PSEUDO_DONE;
}
