/* directives.c - bpf-asm: directives: data, sections, symbols, alignment and the rest
   of gas's directives bpf-gcc and clang write.  */
#include "asm/asm.h"

/* ---------- directives ---------- */

int
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

void
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

void
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

void
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

int
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

int
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

void
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

int
dir_is (const char *d, size_t n, const char *name)
{
  return strlen (name) == n && !strncmp (d, name, n);
}


int
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
  if (dir_is (d, n, ".cpu"))
    {
      /* The ISA version from here on (as -mcpu=): what branch
         relaxation may use.  bpf-gcc's plugin writes it.  */
      skip_ws (c);
      const char *v, *vat = c->p;
      size_t vn = ident (c, &v);
      char name[8];
      snprintf (name, sizeof name, "%.*s", (int) (vn < 7 ? vn : 7), v);
      int cpu = vn < 7 ? cpu_version (name) : 0;
      if (!cpu)
        {
          diag_at (c, c->line, COL (c, vat), "`.cpu' takes v1, v2, v3 or v4");
          while (*c->p)
            c->p++;
          return 1;
        }
      c->cpu = cpu;
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
      || dir_is (d, n, ".arch") || dir_is (d, n, ".nolist")
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
