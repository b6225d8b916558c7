/* sections.c - bpf-asm: sections: lookup by name, attributes, switching, and
   emitting bytes into the current one.  */
#include "asm/asm.h"

/* ---------- sections ---------- */

int
sec_find (struct asm_ctx *c, const char *name, size_t n)
{
  return nidx_find (c, &c->secidx, name, n);
}

const char *
sec_name (const struct asm_ctx *c, int i)
{
  return c->secs[i].name;
}

void
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

int
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

void
sec_switch (struct asm_ctx *c, int s)
{
  if (s != c->cur)
    {
      c->prev = c->cur;
      c->cur = s;
    }
}

int
sec_nobits (struct asm_ctx *c)
{
  return c->secs[c->cur].type == SHT_NOBITS;
}

/* A throw-away buffer for bytes that go nowhere.  */
uint8_t *
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

uint8_t *
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

void
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

void
add_reloc (struct asm_ctx *c, int sec, uint64_t off, int type, int sym)
{
  struct asm_sec *s = &c->secs[sec];
  GROW (s->rels, s->nrel, s->relcap);
  s->rels[s->nrel].off = off;
  s->rels[s->nrel].type = type;
  s->rels[s->nrel].sym = sym;
  s->nrel++;
}
