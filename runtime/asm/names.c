/* names.c - bpf-asm: name indexes: the open-addressing hash tables from names to
   symbol, macro and section numbers.  */
#include "asm/asm.h"

/* ---------- name indexes ---------- */

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
