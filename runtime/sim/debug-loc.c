/* debug-loc.c - bpf-run --debug: locations (linespecs, addresses to symbols).
   See debug-int.h for how the debugger is split.  */
#include "sim/debug-int.h"

/* ---------------------------------------------------------------- locations */

/* Resolve a location: FUNC, FILE:LINE, LINE, *PC.  */
int resolve_loc(struct dbg *d, const char *s, uint32_t *pc, char *err, size_t errlen)
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
