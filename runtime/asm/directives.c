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


/* Each directive is a row of pseudo_table below (gas's potable): its name,
   the function that parses its operands and the row's argument (a size,
   a flavour).  A handler returns PSEUDO_CHECK_END when the line must end
   after what it parsed ("junk at end of line" otherwise), PSEUDO_DONE
   when it dealt with the rest of the line itself (or reported an error).
   D is the directive's text in the line, for columns.  */

/* .byte .short .long .quad and their other names: ARG bytes each.  */
static int
s_cons (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d;
  if (is_end (c))
    return PSEUDO_DONE;
  do
    {
      skip_ws (c);
      const char *eat = c->p;
      c->allow_post = 1;
      struct expr e = parse_expr (c);
      c->allow_post = 0;
      if (c->stmt_err)
        return PSEUDO_DONE;
      emit_data_value (c, op->arg, e, eat);
    }
  while (accept (c, ','));
  return PSEUDO_CHECK_END;
}

/* .ascii (ARG 0), .asciz and .string (ARG 1: each string NUL-ended).  */
static int
s_ascii (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d;
  do
    {
      uint8_t *b;
      size_t len;
      if (!parse_string (c, &b, &len))
        return PSEUDO_DONE;
      emit_bytes_checked (c, b, len);
      if (op->arg)
        emit_bytes_checked (c, (const uint8_t *) "", 1);
      free (b);
    }
  while (accept (c, ','));
  return PSEUDO_CHECK_END;
}

/* .zero, .skip, .space: SIZE [, FILL].  */
static int
s_space (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d, (void) op;
  int64_t k = const_expr (c);
  int64_t fill = 0;
  if (accept (c, ','))
    fill = const_expr (c);
  if (k < 0 || k > ASM_MAX_FILL)
    {
      ERR (c, "bad size %lld", (long long) k);
      return PSEUDO_DONE;
    }
  if (sec_nobits (c))
    {
      if (fill)
        ERR (c, "attempt to store non-zero value in section `%s'", c->secs[c->cur].name);
      c->secs[c->cur].size += (size_t) k;
    }
  else
    memset (emit (c, (size_t) k), (int) fill, (size_t) k);
  return PSEUDO_CHECK_END;
}

/* .org NEW [, FILL]: as gas, the location counter of the current
   section moves forward to NEW, the gap filled with FILL's low byte (0).
   NEW is an offset in the section (a number, or an absolute symbol) or a
   symbol of this section plus a number (`. + 16', `start + 0x40').
   gas also takes a label defined further on, which its relaxation
   settles; here NEW must be known where .org stands, and anything else
   is an error rather than a guess.  Moving backwards is an error, as in
   gas: the bytes there are written already.  Below cpu v4 the branch
   islands of a far jump can make the code before a .org longer than it
   was written, and a .org that then moves backwards is the same error.  */
static int
s_org (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d, (void) op;
  skip_ws (c);
  const char *at = c->p;
  struct expr e = parse_expr (c);
  int64_t fill = 0;
  if (accept (c, ','))
    fill = const_expr (c);
  if (c->stmt_err)
    return PSEUDO_DONE;
  efold (c, &e);
  int sec = ASM_SEC_ABS;
  int64_t base = 0;
  if (e.post || e.sub >= 0 || (e.add >= 0 && !sym_defined_in (c, e.add, &sec, &base)))
    {
      diag_at (c, c->line, COL (c, at), "`.org' needs an offset known here "
               "(a number, or a symbol of this section defined before it plus a number)");
      return PSEUDO_DONE;
    }
  if (sec != ASM_SEC_ABS && sec != c->cur)
    {
      diag_at (c, c->line, COL (c, at), "`.org' to a symbol of another section (`%s')",
               c->secs[sec].name);
      return PSEUDO_DONE;
    }
  struct asm_sec *s = &c->secs[c->cur];
  int64_t to = (int64_t) ((uint64_t) base + (uint64_t) e.k);
  if (to < 0 || (uint64_t) to < s->size)
    {
      diag_at (c, c->line, COL (c, at), "attempt to move .org backwards (from %zu to %lld)",
               s->size, (long long) to);
      return PSEUDO_DONE;
    }
  if (to > ASM_MAX_SECTION)
    {
      diag_at (c, c->line, COL (c, at), "`.org' to %lld, beyond the section size limit (%d)",
               (long long) to, ASM_MAX_SECTION);
      return PSEUDO_DONE;
    }
  size_t gap = (size_t) to - s->size;
  if (gap > ASM_MAX_FILL && !sec_nobits (c))
    {
      /* as .space and .fill: hostile input must not take the memory */
      diag_at (c, c->line, COL (c, at), "`.org' gap of %zu bytes, beyond the %d MiB a fill may take",
               gap, ASM_MAX_FILL >> 20);
      return PSEUDO_DONE;
    }
  if (sec_nobits (c))
    {
      if (fill & 0xff)
        ERR (c, "attempt to store non-zero value in section `%s'", s->name);
      else
        s->size += gap;
    }
  else if (gap)
    memset (emit (c, gap), (int) (fill & 0xff), gap);
  return PSEUDO_CHECK_END;
}

/* .fill REPEAT [, SIZE [, VALUE]].  */
static int
s_fill (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d, (void) op;
  int64_t rep = const_expr (c), sz = 1, val = 0;
  if (accept (c, ','))
    sz = const_expr (c);
  if (accept (c, ','))
    val = const_expr (c);
  if (rep < 0 || sz < 0 || sz > 8 || rep * sz > ASM_MAX_FILL)
    {
      ERR (c, "bad .fill arguments");
      return PSEUDO_DONE;
    }
  for (int64_t i = 0; i < rep; i++)
    {
      uint8_t b[8] = { 0 };
      for (int j = 0; j < sz && j < 4; j++)
        b[j] = (uint8_t) ((uint64_t) val >> (8 * j));
      emit_bytes_checked (c, b, (size_t) sz);
    }
  return PSEUDO_CHECK_END;
}

/* .align and .p2align (ARG 0: a power of 2), .balign (ARG 1: bytes).  */
static int
s_align (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d;
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
  if (!op->arg)
    {
      if (a < 0 || a > 15)
        {
          ERR (c, "alignment too large");
          return PSEUDO_DONE;
        }
      a = (int64_t) 1 << a;
    }
  else if (a <= 0 || (a & (a - 1)) || a > (1 << 15))
    {
      ERR (c, "alignment is not a power of 2");
      return PSEUDO_DONE;
    }
  do_align (c, (uint64_t) a, (int) fill, has_fill);
  return PSEUDO_CHECK_END;
}

/* .uleb128 (ARG 0), .sleb128 (ARG 1).  */
static int
s_leb128 (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d;
  do
    {
      uint64_t v = (uint64_t) const_expr (c);
      uint8_t b[10];
      int k = 0;
      for (;;)
        {
          uint8_t byte = v & 0x7f;
          if (op->arg)
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
  return PSEUDO_CHECK_END;
}

/* gas puts subsection N after subsection 0: bpf-asm has one subsection
   per section, so only 0 means what it says.  */
static void
subsection_number (struct asm_ctx *c)
{
  skip_ws (c);
  const char *at = c->p;
  if (const_expr (c) != 0 && !c->stmt_err)
    diag_at (c, c->line, COL (c, at), "subsections are not supported");
}

/* .text, .data, .bss, .rodata [SUBSECTION]: the section of that name
   (ARG 1: code, aligned to an instruction).  */
static int
s_section_named (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d;
  sec_switch (c, sec_get (c, op->name, strlen (op->name)));
  if (op->arg && c->secs[c->cur].align < 8)
    c->secs[c->cur].align = 8;
  if (!is_end (c))
    subsection_number (c);
  return PSEUDO_CHECK_END;
}

/* .section (ARG 0), .pushsection (ARG 1): NAME [, FLAGS, @TYPE ...].  */
static int
s_section (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d;
  const char *nm;
  int len = section_name (c, &nm);
  if (len <= 0)
    {
      ERR (c, "expected a section name");
      return PSEUDO_DONE;
    }
  int existed = sec_find (c, nm, (size_t) len) >= 0;
  int s = sec_get (c, nm, (size_t) len);
  if (op->arg)
    {
      GROW (c->stack, c->nstack, c->stackcap);
      c->stack[c->nstack++] = c->cur;
    }
  sec_switch (c, s);
  if (!existed || !is_end (c))
    parse_section_args (c, s);
  if (c->secs[s].flags & SHF_EXECINSTR && c->secs[s].align < 8)
    c->secs[s].align = 8;
  return PSEUDO_CHECK_END;
}

static int
s_popsection (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d, (void) op;
  if (!c->nstack)
    {
      ERR (c, ".popsection without .pushsection");
      return PSEUDO_DONE;
    }
  sec_switch (c, c->stack[--c->nstack]);
  return PSEUDO_CHECK_END;
}

static int
s_previous (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d, (void) op;
  int t = c->prev;
  c->prev = c->cur;
  c->cur = t;
  return PSEUDO_CHECK_END;
}

static int
s_subsection (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d, (void) op;
  subsection_number (c);
  return PSEUDO_CHECK_END;
}

/* What .globl and its kin set on each symbol they name (ARG).  */
enum { SYM_GLOBAL, SYM_WEAK, SYM_LOCAL, SYM_HIDDEN, SYM_PROTECTED,
       SYM_INTERNAL, SYM_EXTERN };

static int
s_symbol_attr (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d;
  do
    {
      int s = sym_operand (c);
      if (s < 0)
        return PSEUDO_DONE;
      struct asm_sym *y = &c->syms[s];
      switch (op->arg)
        {
        case SYM_GLOBAL: y->bind = STB_GLOBAL; y->explicit_local = 0; break;
        case SYM_WEAK: y->bind = STB_WEAK; break;
        case SYM_LOCAL: y->bind = STB_LOCAL; y->explicit_local = 1; break;
        case SYM_HIDDEN: y->vis = STV_HIDDEN; break;
        case SYM_PROTECTED: y->vis = STV_PROTECTED; break;
        case SYM_INTERNAL: y->vis = STV_INTERNAL; break;
        case SYM_EXTERN: break;
        }
    }
  while (accept (c, ','));
  return PSEUDO_CHECK_END;
}

/* .type SYM, @function | @object | @notype | @tls_object (or STT_...).  */
static int
s_type (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d, (void) op;
  static const struct { const char *name; uint8_t type; } types[] = {
    { "function", STT_FUNC }, { "STT_FUNC", STT_FUNC },
    { "object", STT_OBJECT }, { "STT_OBJECT", STT_OBJECT },
    { "notype", STT_NOTYPE }, { "tls_object", STT_TLS },
  };
  int s = sym_operand (c);
  if (s < 0 || !expect (c, ','))
    return PSEUDO_DONE;
  skip_ws (c);
  if (*c->p == '@' || *c->p == '%' || *c->p == '#')
    c->p++;
  if (*c->p == '"')
    c->p++;
  const char *t;
  size_t tn = ident (c, &t);
  if (*c->p == '"')
    c->p++;
  for (size_t i = 0; i < sizeof types / sizeof *types; i++)
    if (dir_is (t, tn, types[i].name))
      {
        c->syms[s].type = types[i].type;
        return PSEUDO_CHECK_END;
      }
  ERR (c, "unknown symbol type");
  return PSEUDO_DONE;
}

/* .size SYM, EXPR: resolved at the end, when EXPR's labels are known.  */
static int
s_size (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d, (void) op;
  int s = sym_operand (c);
  if (s < 0 || !expect (c, ','))
    return PSEUDO_DONE;
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
  return PSEUDO_CHECK_END;
}

/* .comm (ARG 0), .lcomm (ARG 1).  */
static int
s_comm (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d;
  comm (c, op->arg);
  return PSEUDO_CHECK_END;
}

/* .set and .equ (ARG 0), .equiv (ARG 1: the symbol must be new):
   SYM, EXPR (or SYM = EXPR, statement.c's assignment).  */
static int
s_set (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d;
  skip_ws (c);
  const char *symat = c->p;
  int s = sym_operand (c);
  if (s < 0)
    return PSEUDO_DONE;
  if (!accept (c, '=') && !expect (c, ','))
    return PSEUDO_DONE;
  struct expr e = parse_expr (c);
  if (c->stmt_err)
    return PSEUDO_DONE;
  struct asm_sym *y = &c->syms[s];
  if (y->sec != ASM_SEC_UNDEF || y->alias)
    {
      if (!y->set_defined || op->arg)
        {
          diag_at (c, c->line, COL (c, symat), "symbol `%s' is already defined%s",
                   y->name, y->set_defined ? "" : " (not by .set: only .set symbols can be set again)");
          return PSEUDO_DONE;
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
  return PSEUDO_CHECK_END;
}

/* bpf-asm's own: OR a value into the ELF header's e_flags (what -d writes
   for an xBPF object, so the round trip keeps it).  */
static int
s_eflags (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d, (void) op;
  int64_t v = const_expr (c);
  if (c->stmt_err)
    return PSEUDO_DONE;
  if (v < 0 || v > UINT32_MAX)
    {
      ERR (c, "e_flags value %lld out of range", (long long) v);
      return PSEUDO_DONE;
    }
  c->eflags |= (uint32_t) v;
  return PSEUDO_CHECK_END;
}

/* .ident STRING: into .comment.  */
static int
s_ident (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d, (void) op;
  uint8_t *b;
  size_t len;
  if (!parse_string (c, &b, &len))
    return PSEUDO_DONE;
  int save = c->cur;
  c->cur = sec_get (c, ".comment", 8);
  if (c->secs[c->cur].size == 0)
    emit (c, 1);
  memcpy (emit (c, len + 1), b, len);
  c->cur = save;
  free (b);
  return PSEUDO_CHECK_END;
}

/* .file "NAME": a FILE symbol; .file N "NAME" (DWARF's file table) is
   ignored.  */
static int
s_file (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d, (void) op;
  skip_ws (c);
  if (isdigit ((unsigned char) *c->p))
    return PSEUDO_DONE;
  uint8_t *b;
  size_t len;
  if (!parse_string (c, &b, &len))
    return PSEUDO_DONE;
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
  return PSEUDO_CHECK_END;
}

/* .cpu vN: the ISA version from here on (as -mcpu=), what branch
   relaxation may use.  bpf-gcc's plugin writes it.  */
static int
s_cpu (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d, (void) op;
  skip_ws (c);
  const char *v, *vat = c->p;
  size_t vn = ident (c, &v);
  char name[8];
  snprintf (name, sizeof name, "%.*s", (int) (vn < 7 ? vn : 7), v);
  int cpu = vn < 7 ? cpu_version (name) : 0;
  if (!cpu)
    {
      diag_at (c, c->line, COL (c, vat), "`.cpu' takes v1, v2, v3 or v4");
      c->p += strlen (c->p);
      return PSEUDO_DONE;
    }
  c->cpu = cpu;
  return PSEUDO_CHECK_END;
}

/* Debug-line, listing and toolchain-note directives: accepted and
   ignored with their operands.  */
static int
s_ignore (struct asm_ctx *c, const char *d, const struct pseudo_op *op)
{
  (void) d, (void) op;
  c->p += strlen (c->p);
  return PSEUDO_DONE;
}

/* Every directive, sorted by name (strcmp order), so that a reader finds
   one and a name cannot be there twice: the unit test
   (testsuite/bpfsupport.asm/insn-unit.c) runs pseudo_table_check.  The macro,
   loop and message directives are macro.c's; the conditional ones (.if
   and its kin) are found before the table, by cond_directive, which also
   runs in skipped regions.  */
static const struct pseudo_op pseudo_table[] = {
  { ".2byte", s_cons, 2 },
  { ".4byte", s_cons, 4 },
  { ".8byte", s_cons, 8 },
  { ".addrsig", s_ignore, 0 },
  { ".addrsig_sym", s_ignore, 0 },
  { ".align", s_align, 0 },
  { ".altmacro", s_altmacro, 1 },
  { ".arch", s_ignore, 0 },
  { ".ascii", s_ascii, 0 },
  { ".asciz", s_ascii, 1 },
  { ".balign", s_align, 1 },
  { ".bss", s_section_named, 0 },
  { ".byte", s_cons, 1 },
  { ".comm", s_comm, 0 },
  { ".cpu", s_cpu, 0 },
  { ".data", s_section_named, 0 },
  { ".dword", s_cons, 8 },
  { ".eflags", s_eflags, 0 },
  { ".eject", s_ignore, 0 },
  { ".endm", s_end_without_begin, 0 },
  { ".endr", s_end_without_begin, 0 },
  { ".equ", s_set, 0 },
  { ".equiv", s_set, 1 },
  { ".error", s_message, MSG_ERROR },
  { ".exitm", s_exitm, 0 },
  { ".extern", s_symbol_attr, SYM_EXTERN },
  { ".fail", s_fail, 0 },
  { ".file", s_file, 0 },
  { ".fill", s_fill, 0 },
  { ".global", s_symbol_attr, SYM_GLOBAL },
  { ".globl", s_symbol_attr, SYM_GLOBAL },
  { ".half", s_cons, 2 },
  { ".hidden", s_symbol_attr, SYM_HIDDEN },
  { ".hword", s_cons, 2 },
  { ".ident", s_ident, 0 },
  { ".int", s_cons, 4 },
  { ".internal", s_symbol_attr, SYM_INTERNAL },
  { ".irp", s_loop, DEFN_IRP },
  { ".irpc", s_loop, DEFN_IRPC },
  { ".lcomm", s_comm, 1 },
  { ".list", s_ignore, 0 },
  { ".loc", s_ignore, 0 },
  { ".loc_mark_labels", s_ignore, 0 },
  { ".local", s_symbol_attr, SYM_LOCAL },
  { ".long", s_cons, 4 },
  { ".macro", s_macro, 0 },
  { ".noaltmacro", s_altmacro, 0 },
  { ".nolist", s_ignore, 0 },
  { ".org", s_org, 0 },
  { ".p2align", s_align, 0 },
  { ".popsection", s_popsection, 0 },
  { ".previous", s_previous, 0 },
  { ".print", s_message, MSG_PRINT },
  { ".protected", s_symbol_attr, SYM_PROTECTED },
  { ".psize", s_ignore, 0 },
  { ".purgem", s_purgem, 0 },
  { ".pushsection", s_section, 1 },
  { ".quad", s_cons, 8 },
  { ".rept", s_loop, DEFN_REPT },
  { ".rodata", s_section_named, 0 },
  { ".sbttl", s_ignore, 0 },
  { ".section", s_section, 0 },
  { ".set", s_set, 0 },
  { ".short", s_cons, 2 },
  { ".size", s_size, 0 },
  { ".skip", s_space, 0 },
  { ".sleb128", s_leb128, 1 },
  { ".space", s_space, 0 },
  { ".string", s_ascii, 1 },
  { ".subsection", s_subsection, 0 },
  { ".text", s_section_named, 1 },
  { ".title", s_ignore, 0 },
  { ".type", s_type, 0 },
  { ".uleb128", s_leb128, 0 },
  { ".version", s_ignore, 0 },
  { ".warning", s_message, MSG_WARNING },
  { ".weak", s_symbol_attr, SYM_WEAK },
  { ".word", s_cons, 4 },
  { ".zero", s_space, 0 },
};

#define PSEUDO_COUNT (sizeof pseudo_table / sizeof *pseudo_table)

/* The table's hash index (names.c), built at the first lookup: a
   directive is looked up on every line that has one, and data-heavy
   input (.byte, .4byte, .uleb128 lines of DWARF and BTF) is mostly
   directives.  The binary search this replaces spent 13% of the time of
   300,000 .quad lines in strncmp.  */
static const char *
pseudo_name (const struct asm_ctx *c, int i)
{
  (void) c;
  return pseudo_table[i].name;
}

static struct name_index pseudo_index = { .first = 256, .name = pseudo_name };

const struct pseudo_op *
pseudo_lookup (const char *d, size_t n)
{
  /* one growth to .first slots puts every entry in */
  _Static_assert (2 * (PSEUDO_COUNT + 1) <= 256, "pseudo_index.first too small");
  if (!pseudo_index.size)
    nidx_grow (NULL, &pseudo_index, PSEUDO_COUNT);
  int i = nidx_find (NULL, &pseudo_index, d, n);
  return i < 0 ? NULL : &pseudo_table[i];
}

int
pseudo_table_check (void)
{
  for (size_t i = 1; i < PSEUDO_COUNT; i++)
    if (strcmp (pseudo_table[i - 1].name, pseudo_table[i].name) >= 0)
      {
        fprintf (stderr, "bpf-asm: internal error: directive table out of order at `%s'\n",
                 pseudo_table[i].name);
        return 0;
      }
  return 1;
}

/* Directive D (N bytes; c->p after it).  Returns 0 when D is no
   directive (a macro's name, or unknown).  */
int
directive (struct asm_ctx *c, const char *d, size_t n)
{
  /* The conditionals (.if*, .else, .elseif, .endif) first; most lines
     are none of them, and are told so by their first letters.  */
  if (((d[1] == 'i' && d[2] == 'f') || d[1] == 'e')
      && cond_directive (c, d, n))
    return 1;
  const struct pseudo_op *op = pseudo_lookup (d, n);
  if (!op)
    {
      /* .cfi_*: call-frame information, which BPF objects do not carry.  */
      if (n > 5 && !strncmp (d, ".cfi_", 5))
        {
          c->p += strlen (c->p);
          return 1;
        }
      return 0;
    }
  if (op->fn (c, d, op) == PSEUDO_CHECK_END && !c->stmt_err && !is_end (c))
    ERR (c, "junk at end of line: `%.20s'", c->p);
  return 1;
}
