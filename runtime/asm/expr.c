/* expr.c - bpf-asm: expressions: numbers, symbols, gas's operators and precedence,
   folding of label differences, post chains of data directives.  */
#include "asm/asm.h"

int
sym_defined_in (struct asm_ctx *c, int s, int *sec, int64_t *v)
{
  if (s < 0)
    return 0;
  struct asm_sym *y = &c->syms[s];
  if (y->sec >= 0 || y->sec == ASM_SEC_ABS)
    {
      *sec = y->sec;
      *v = (int64_t) y->value;
      return 1;
    }
  return 0;
}

/* Fold what can be folded: absolute symbols, and differences of symbols
   defined in the same section.  */
void
efold (struct asm_ctx *c, struct expr *e)
{
  int sa, sb;
  int64_t va, vb;
  /* A .set alias of a symbol that was undefined then stands for it.  */
  for (int i = 0; i < 16 && e->add >= 0 && c->syms[e->add].alias; i++)
    {
      e->k = (int64_t) ((uint64_t) e->k + (uint64_t) c->syms[e->add].alias_add);
      e->add = c->syms[e->add].alias - 1;
    }
  for (int i = 0; i < 16 && e->sub >= 0 && c->syms[e->sub].alias; i++)
    {
      e->k = (int64_t) ((uint64_t) e->k - (uint64_t) c->syms[e->sub].alias_add);
      e->sub = c->syms[e->sub].alias - 1;
    }
  if (e->add >= 0 && e->add == e->sub)
    {
      e->add = e->sub = -1;
      return;
    }
  if (sym_defined_in (c, e->add, &sa, &va) && sa == ASM_SEC_ABS)
    {
      e->k += va;
      e->add = -1;
    }
  if (sym_defined_in (c, e->sub, &sb, &vb) && sb == ASM_SEC_ABS)
    {
      e->k -= vb;
      e->sub = -1;
    }
  if (e->add >= 0 && e->sub >= 0 && sym_defined_in (c, e->add, &sa, &va)
      && sym_defined_in (c, e->sub, &sb, &vb) && sa == sb)
    {
      e->k += va - vb;
      e->add = e->sub = -1;
    }
  if (e->post && e->add < 0 && e->sub < 0)
    {
      /* The difference is known: apply its operations, first to last.  */
      int chain[ASM_MAX_POST];
      int n = 0;
      for (int i = e->post; i && n < ASM_MAX_POST; i = c->post[i - 1].prev)
        chain[n++] = i - 1;
      while (n--)
        e->k = binop_const (c->post[chain[n]].op, e->k, c->post[chain[n]].v);
      e->post = 0;
    }
}



int
parse_number (struct asm_ctx *c, int64_t *out)
{
  const char *s = c->p;
  uint64_t v = 0;
  int base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    {
      base = 16;
      s += 2;
      if (!isxdigit ((unsigned char) *s))
        return 0;
    }
  else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B')
           && (s[2] == '0' || s[2] == '1'))
    {
      base = 2;
      s += 2;
    }
  else if (s[0] == '0' && isdigit ((unsigned char) s[1]))
    base = 8;
  /* A literal beyond 64 bits is an error (gas truncates a .quad's with a
     warning and refuses an instruction's): it never wraps silently.  */
  int too_large = 0;
  for (;; s++)
    {
      int d;
      if (isdigit ((unsigned char) *s))
        d = *s - '0';
      else if (isxdigit ((unsigned char) *s))
        d = tolower ((unsigned char) *s) - 'a' + 10;
      else
        break;
      if (d >= base)
        break;
      /* overflow by the builtins, not by dividing UINT64_MAX by the base:
         a 64-bit division per digit was a tenth of the time of a file of
         300,000 .long values */
      uint64_t nv;
      if (__builtin_mul_overflow (v, (uint64_t) base, &nv)
          || __builtin_add_overflow (nv, (uint64_t) d, &nv))
        too_large = 1;
      v = v * (uint64_t) base + (uint64_t) d;
    }
  if (too_large)
    diag_at (c, c->line, COL (c, c->p), "integer `%.*s' is too large (more than 64 bits)",
             s - c->p > 40 ? 40 : (int) (s - c->p), c->p);
  /* C's integer suffixes (U, L, LL, UL, ULL), which LLVM's assembler
     skips: the selftests write "r1 = 0xffffffff00000000LL ll".  */
  const char *q = s;
  if (*q == 'u' || *q == 'U')
    q++;
  if (*q == 'l' || *q == 'L')
    {
      q++;
      if (*q == q[-1])
        q++;
    }
  if (q != s && !is_idchar ((unsigned char) *q))
    s = q;
  c->p = s;
  *out = (int64_t) v;
  return 1;
}

int
numlabel_ref (struct asm_ctx *c, int n, int fwd)
{
  char buf[32];
  int inst = c->numlab[n] + (fwd ? 1 : 0);
  int len = snprintf (buf, sizeof buf, ".L%d\002%d", n, inst);
  return sym_get (c, buf, (size_t) len);
}


/* A primary expression, at most ASM_MAX_EXPR_DEPTH parentheses and
   unary operators deep: the parser recurses on each, and 100,000 of them
   would overflow the stack.  */
struct expr
parse_primary (struct asm_ctx *c)
{
  if (c->edepth >= ASM_MAX_EXPR_DEPTH)
    {
      if (!c->stmt_err)
        ERR (c, "expression nested too deeply (more than %d levels)", ASM_MAX_EXPR_DEPTH);
      c->p += strlen (c->p);
      return econst (0);
    }
  c->edepth++;
  struct expr e = parse_primary_1 (c);
  c->edepth--;
  return e;
}

struct expr
parse_primary_1 (struct asm_ctx *c)
{
  skip_ws (c);
  const char *st = c->p;
  if (*c->p == '(')
    {
      c->p++;
      struct expr e = parse_expr (c);
      expect (c, ')');
      return e;
    }
  if (*c->p == '-' || *c->p == '~' || *c->p == '+' || *c->p == '!')
    {
      char op = *c->p++;
      struct expr e = parse_primary (c);
      if (op == '+')
        return e;
      efold (c, &e);
      if (op == '-' && e.sub >= 0 && e.add >= 0)
        {
          int t = e.add; e.add = e.sub; e.sub = t; e.k = (int64_t) (0 - (uint64_t) e.k);
          return e;
        }
      if (!eisconst (&e))
        {
          if (!c->stmt_err)
            diag_at (c, c->line, COL (c, st), "invalid operand of unary `%c'", op);
          return econst (0);
        }
      e.k = op == '-' ? (int64_t) (0 - (uint64_t) e.k) : op == '~' ? ~e.k : !e.k;
      return e;
    }
  if (isdigit ((unsigned char) *c->p))
    {
      /* Numeric local label reference: 1b / 12f.  */
      {
        const char *q = c->p;
        int n = 0;
        while (isdigit ((unsigned char) *q) && n < ASM_MAX_NUMLABEL)
          n = n * 10 + (*q++ - '0');
        if ((*q == 'b' || *q == 'f') && !is_idchar ((unsigned char) q[1])
            && n < ASM_MAX_NUMLABEL && (n == 0 || c->p[0] != '0' || q - c->p == 1))
          {
            int fwd = *q == 'f';
            c->p = q + 1;
            struct expr e = econst (0);
            e.add = numlabel_ref (c, n, fwd);
            return e;
          }
      }
      int64_t v = 0;
      if (!parse_number (c, &v))
        {
          if (!c->stmt_err)
            ERR (c, "bad number");
          c->p += 2;
        }
      return econst (v);
    }
  if (*c->p == '\'' && c->p[1] && c->p[1] != '\\')
    {
      int64_t v = (unsigned char) c->p[1];
      c->p += 2;
      if (*c->p == '\'')
        c->p++;
      return econst (v);
    }
  if (*c->p == '.' && !is_idchar ((unsigned char) c->p[1]))
    {
      c->p++;
      struct expr e = econst (0);
      e.add = sym_temp_here (c);
      return e;
    }
  const char *id;
  size_t n;
  if (*c->p == '"')
    {
      /* A quoted symbol name (e.g. a section named kprobe/foo).  */
      id = ++c->p;
      while (*c->p && *c->p != '"')
        c->p++;
      n = (size_t) (c->p - id);
      if (*c->p == '"')
        c->p++;
      else
        n = 0;
    }
  else
    n = ident (c, &id);
  if (n)
    {
      struct expr e = econst (0);
      e.add = sym_get (c, id, n);
      c->syms[e.add].referenced = 1;
      return e;
    }
  if (!c->stmt_err)
    {
      if (*c->p)
        ERR (c, "bad expression at `%.20s'", c->p);
      else
        ERR (c, "missing expression");
    }
  return econst (0);
}


int
binop_prec (struct asm_ctx *c, int *op, int *len)
{
  skip_ws (c);
  const char *s = c->p;
  *len = 1;
  switch (s[0])
    {
    case '*': *op = '*'; return 6;
    case '/': *op = '/'; return 6;
    case '%': *op = '%'; return 6;
    case '<':
      *len = 2;
      if (s[1] == '<') { *op = OP_SHL; return 6; }
      if (s[1] == '=') { *op = OP_LE; return 3; }
      if (s[1] == '>') { *op = OP_NE; return 3; }
      *len = 1; *op = OP_LT; return 3;
    case '>':
      *len = 2;
      if (s[1] == '>') { *op = OP_SHR; return 6; }
      if (s[1] == '=') { *op = OP_GE; return 3; }
      *len = 1; *op = OP_GT; return 3;
    case '|':
      if (s[1] == '|') { *len = 2; *op = OP_LOR; return 1; }
      *op = '|'; return 5;
    case '&':
      if (s[1] == '&') { *len = 2; *op = OP_LAND; return 2; }
      *op = '&'; return 5;
    case '^': *op = '^'; return 5;
    case '!':
      if (s[1] == '=') { *len = 2; *op = OP_NE; return 3; }
      *op = OP_ORNOT; return 5;
    case '=':
      if (s[1] == '=') { *len = 2; *op = OP_EQ; return 3; }
      return 0;
    case '+': *op = '+'; return 4;
    case '-': *op = '-'; return 4;
    default: return 0;
    }
}

/* Compare A and B for a comparison operator: constants, or symbols
   defined in the same section.  Returns 0 when they cannot be compared.  */
int
ecompare (struct asm_ctx *c, struct expr a, struct expr b, int op, int64_t *res)
{
  efold (c, &a);
  efold (c, &b);
  int64_t x = a.k, y = b.k;
  if (!eisconst (&a) || !eisconst (&b))
    {
      int sa, sb;
      int64_t va, vb;
      if (a.sub >= 0 || b.sub >= 0 || a.add < 0 || b.add < 0
          || !sym_defined_in (c, a.add, &sa, &va)
          || !sym_defined_in (c, b.add, &sb, &vb) || sa != sb)
        return 0;
      x = (int64_t) ((uint64_t) x + (uint64_t) va);
      y = (int64_t) ((uint64_t) y + (uint64_t) vb);
    }
  int r;
  switch (op)
    {
    case OP_EQ: r = x == y; break;
    case OP_NE: r = x != y; break;
    case OP_LT: r = x < y; break;
    case OP_LE: r = x <= y; break;
    case OP_GT: r = x > y; break;
    default: r = x >= y; break;
    }
  /* gas: a true comparison is -1 (all ones), a false one 0.  */
  *res = r ? -1 : 0;
  return 1;
}

/* A OP B, both constants (B not 0 for / and %).  */
int64_t
binop_const (int op, int64_t a, int64_t b)
{
  switch (op)
    {
    case '+': return (int64_t) ((uint64_t) a + (uint64_t) b);
    case '-': return (int64_t) ((uint64_t) a - (uint64_t) b);
    case '*': return (int64_t) ((uint64_t) a * (uint64_t) b);
    case '/': case '%':
      if (b == 0)
        return 0;
      if (b == -1)
        return op == '/' ? (int64_t) (0 - (uint64_t) a) : 0;
      return op == '/' ? a / b : a % b;
    case OP_SHL: return (b & ~63) ? 0 : (int64_t) ((uint64_t) a << b);
    case OP_SHR: return (b & ~63) ? 0 : (int64_t) ((uint64_t) a >> b);
    case '&': return a & b;
    case '^': return a ^ b;
    case '|': return a | b;
    case OP_ORNOT: return a | ~b;
    /* gas: the logical operators give 1 for true.  */
    case OP_LAND: return a && b;
    case OP_LOR: return a || b;
    }
  return 0;
}

/* E OP K where E is a difference of symbols not known yet (a label
   further on): in a data directive, the operation waits in E's post
   chain until the difference is known (efold).  0 when E cannot take it
   (not a difference, not in a data directive, chain too long).  */
int
post_add (struct asm_ctx *c, struct expr *e, int op, int64_t k)
{
  if (!c->allow_post || e->add < 0 || e->sub < 0 || (op >= OP_EQ && op <= OP_GE))
    return 0;
  int n = 0;
  for (int i = e->post; i; i = c->post[i - 1].prev)
    n++;
  if (n >= ASM_MAX_POST)
    return 0;
  GROW (c->post, c->npost, c->postcap);
  c->post[c->npost] = (struct post_op) { op, k, e->post };
  e->post = (int) ++c->npost;
  return 1;
}

struct expr
parse_binary (struct asm_ctx *c, int minprec)
{
  struct expr a = parse_primary (c);
  for (;;)
    {
      int op, oplen;
      const char *save = c->p;
      int prec = binop_prec (c, &op, &oplen);
      if (prec == 0 || prec < minprec)
        {
          c->p = save;
          return a;
        }
      const char *opp = c->p;
      c->p += oplen;
      struct expr b = parse_binary (c, prec + 1);
      if (a.post || b.post)
        {
          /* A post chain takes operations with constants (below).  */
          efold (c, &a);
          efold (c, &b);
          if (b.post || (a.post && (op >= OP_EQ && op <= OP_GE)))
            goto bad;
          if (a.post && (op == '+' || op == '-'))
            {
              if (eisconst (&b) && post_add (c, &a, op, b.k))
                continue;
              goto bad;
            }
        }
      if (op == '+')
        {
          if (a.add >= 0 && b.add >= 0)
            { efold (c, &a); efold (c, &b); }
          if ((a.add >= 0 && b.add >= 0) || (a.sub >= 0 && b.sub >= 0))
            goto bad;
          a.add = a.add >= 0 ? a.add : b.add;
          a.sub = a.sub >= 0 ? a.sub : b.sub;
          a.k = (int64_t) ((uint64_t) a.k + (uint64_t) b.k);
          efold (c, &a);
          continue;
        }
      if (op == '-')
        {
          /* a - b: b.add joins the subtracted side, b.sub the added one.  */
          if (b.sub >= 0)
            {
              if (a.add >= 0) { efold (c, &a); }
              if (a.add >= 0) goto bad;
              a.add = b.sub;
            }
          if (b.add >= 0)
            {
              if (a.sub >= 0) efold (c, &a);
              if (a.sub >= 0) goto bad;
              a.sub = b.add;
            }
          a.k = (int64_t) ((uint64_t) a.k - (uint64_t) b.k);
          efold (c, &a);
          continue;
        }
      if (op >= OP_EQ && op <= OP_GE)
        {
          int64_t r;
          if (!ecompare (c, a, b, op, &r))
            goto bad;
          a = econst (r);
          continue;
        }
      efold (c, &a);
      efold (c, &b);
      if ((op == '/' || op == '%') && eisconst (&b) && b.k == 0)
        {
          if (!c->stmt_err)
            diag_at (c, c->line, COL (c, opp), "division by zero");
          b.k = 1;
          a = econst (0);
        }
      if (!eisconst (&a) && eisconst (&b) && !post_add (c, &a, op, b.k))
        goto bad;
      if (!eisconst (&a))
        continue;
      if (!eisconst (&b))
        goto bad;
      a.k = binop_const (op, a.k, b.k);
      continue;
    bad:
      if (!c->stmt_err)
        {
          if (op >= OP_EQ)
            diag_at (c, c->line, COL (c, opp),
                     "operands of `%.*s' must be constants or symbols of one section",
                     oplen, opp);
          else
            diag_at (c, c->line, COL (c, opp), "expression too complex for a relocation");
        }
      return econst (0);
    }
}

struct expr
parse_expr (struct asm_ctx *c)
{
  struct expr e = parse_binary (c, 1);
  efold (c, &e);
  return e;
}

void
add_fixup (struct asm_ctx *c, enum fx_kind k, size_t off, int size,
           struct expr e, const char *at)
{
  GROW (c->fx, c->nfx, c->fxcap);
  struct fixup *f = &c->fx[c->nfx++];
  f->kind = k;
  f->sec = c->cur;
  f->off = off;
  f->size = size;
  f->e = e;
  f->line = c->line;
  f->col = COL (c, at);
  f->ctx = c->ctx;
  f->jump_no = -1;
  f->short_only = 0;
  f->isl_target = 0;
  f->isl_wait = 0;
}

/* Parse a constant expression now (errors when symbolic).  */
int64_t
const_expr (struct asm_ctx *c)
{
  const char *st = c->p;
  struct expr e = parse_expr (c);
  if (!eisconst (&e))
    {
      if (!c->stmt_err)
        diag_at (c, c->line, COL (c, st), "constant expression required");
      return 0;
    }
  return e.k;
}
