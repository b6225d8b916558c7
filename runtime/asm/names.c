/* names.c - bpf-asm: name indexes: the open-addressing hash tables from names to
   symbol, macro and section numbers.  */
#include "asm/asm.h"

/* ---------- name indexes ---------- */

/* The first slot to probe for the N bytes at S: FNV-1a, of the lower
   case letters when X folds case.  */
size_t
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
int
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
int
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
void
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
void
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
