/* statement.c - bpf-asm: statements and the input loop: labels, directive or
   instruction, the syntax of a line; lines cut at `;' and comments.  */
#include "asm/asm.h"

/* ---------- statements ---------- */

int
looks_pseudoc (const char *s)
{
  /* pseudo-C: an '=' outside brackets, or a keyword.  */
  const char *q = s;
  while (*q == ' ' || *q == '\t')
    q++;
  static const char *const kw[] = { "if", "goto", "gotol", "lock", "callx", "may_goto" };
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

void
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
      relax_insn_start (c);
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
int
gcc_first_line (const char *line)
{
  return !strncmp (line, "\t.file\t\"", 8);
}

/* The plugin's mark on a CO-RE access it emits as an inline asm
   (attrs/core.cc): `;core#N' ending the line, a comment.  */
int
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
int
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
size_t
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
void
process_line (struct asm_ctx *c, const char *start, char *line)
{
  c->linestart = start;
  c->p = line;
  c->stmt_err = 0;
  /* --app-stats counts the block's own text: statements read from the
     file, not those an expansion produces.  */
  int counted = c->in_app && c->nframes
		&& c->frames[c->nframes - 1].kind == FRAME_FILE && !is_end (c);
  if (c->defn.kind)
    {
      if (counted)
	c->app_skipped++;
      defn_line (c, line);
      return;
    }
  if (!cond_active (c))
    {
      if (counted)
	c->app_skipped++;
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
  c->p = line;
  statement (c);
  if (c->stmt_err)
    c->nfx = nfx;    /* no fixups for a statement in error */
  else if (counted)
    c->app_stmts++;
}

/* GCC brackets the text of each inline asm with lines "#APP" and
   "#NO_APP" (ASM_APP_ON/OFF); --app-stats counts the statements of each
   such block, so that a corpus check can compare them with the block's
   text.  LINE is a whole line of the file, before comments go.  */
void
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
        fprintf (c->opts->app_stats, "%d %u %u\n", c->app_line, c->app_stmts,
                 c->app_skipped);
      c->in_app = 1;
      c->app_line = c->line;
      c->app_stmts = 0;
      c->app_skipped = 0;
    }
  else if (n == 7 && !memcmp (line, "#NO_APP", 7))
    {
      if (c->in_app && c->opts->app_stats)
        fprintf (c->opts->app_stats, "%d %u %u\n", c->app_line, c->app_stmts,
                 c->app_skipped);
      c->in_app = 0;
    }
}

/* Assemble the statements of BUF (LEN bytes, split_line's pieces) from
   offset OFF, line LINE of the top frame.  When one of them opens a frame
   (a macro, a .rept), the rest waits in the frame under it, to follow the
   expansion: returns 1, BUF then belongs to that frame.  */
int
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
void
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
      /* NUL bytes inside the text would end the line early: make them
         spaces, here on the line's copy, in a frame that has any (one
         memchr when it was pushed: a strlen per line was 5% of the time
         of data-heavy input) */
      if (f->has_nul && strlen (c->lbuf) != n)
        for (size_t i = 0; i < n; i++)
          if (c->lbuf[i] == 0)
            c->lbuf[i] = ' ';
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
