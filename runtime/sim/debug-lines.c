/* debug-lines.c - bpf-run --debug: line info and source files.
   See debug-int.h for how the debugger is split.  */
#include "sim/debug-int.h"

/* ---------------------------------------------------------------- lines */

const struct elo_line *line_exact(struct dbg *d, uint32_t pc)
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

const struct elo_line *line_at(struct dbg *d, uint32_t pc)
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

const char *func_name(struct dbg *d, uint32_t pc)
{
  const struct elo_func *f = elo_func_at(d->obj, pc);
  return f ? f->name : "??";
}

struct srcfile *source(struct dbg *d, const char *path)
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
const char *line_text(struct dbg *d, const char *file, uint32_t line)
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

void print_src_line(struct dbg *d, const char *file, uint32_t line)
{
  const char *t = line_text(d, file, line);
  if (t)
    printf("%u\t%s\n", line, t);
  else
    printf("%u\tin %s\n", line, base_name(file));
}

/* "func (file.c:12)" */
void where_str(struct dbg *d, uint32_t pc, char *buf, size_t n)
{
  const struct elo_line *l = line_at(d, pc);
  if (l && l->file && *l->file)
    snprintf(buf, n, "%s (%s:%u)", func_name(d, pc), base_name(l->file), l->line);
  else
    snprintf(buf, n, "%s ()", func_name(d, pc));
}

void show_location(struct dbg *d, uint32_t pc, int with_func, int with_pc)
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
