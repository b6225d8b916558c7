/* symbols.c - bpf-asm: symbols: lookup, creation, temporaries.  */
#include "asm/asm.h"

/* ---------- symbols ---------- */

/* A symbol replaced by a later .set (dead) has left the table.  */
const char *
sym_name (const struct asm_ctx *c, int i)
{
  return c->syms[i].dead ? NULL : c->syms[i].name;
}

int
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
int
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

int
sym_temp_here (struct asm_ctx *c)
{
  char buf[32];
  int n = snprintf (buf, sizeof buf, ".L\002dot%d", c->ntemp++);
  int i = sym_get (c, buf, (size_t) n);
  c->syms[i].sec = c->cur;
  c->syms[i].value = c->secs[c->cur].size;
  return i;
}
