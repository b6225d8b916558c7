/* pseudoc.c - bpf-asm: pseudo-C syntax: LLVM's BPF assembly, with GCC's operand
   spellings (%rN, [%fp+-8]) from inline asm.  */
#include "asm/asm.h"

/* ---------- pseudo-C syntax ---------- */

/* A register: rN, wN, or GCC's spelling of an inline asm operand, %rN
   (and %fp for r10): asm written for clang gets its register operands
   from GCC that way.  */
int
pc_reg (struct asm_ctx *c, int *w)
{
  skip_ws (c);
  return parse_reg_name (c, w);
}

/* A register operand into O, as pc_reg reads it; where there is none,
   the error WHAT (and 0).  */
static int
pc_reg_operand (struct asm_ctx *c, struct operand *o, int *w, const char *what)
{
  o->reg = pc_reg (c, w);
  o->kind = OK_REG;
  if (o->reg < 0)
    {
      ERR (c, "%s", what);
      return 0;
    }
  return 1;
}

int
pc_sizetype (struct asm_ctx *c, int *sign)
{
  /* "(u32 *)" / "(s8 *)" after '*'  */
  skip_ws (c);
  const char *s = c->p;
  if (*s != '(')
    return 0;
  s++;
  while (*s == ' ' || *s == '\t')
    s++;
  if (*s != 'u' && *s != 's')
    return 0;
  *sign = *s == 's';
  s++;
  int bits = 0;
  while (isdigit ((unsigned char) *s))
    {
      if (bits < 1000)          /* any width this large is refused below */
        bits = bits * 10 + (*s - '0');
      s++;
    }
  while (*s == ' ' || *s == '\t')
    s++;
  if (*s++ != '*')
    return 0;
  while (*s == ' ' || *s == '\t')
    s++;
  if (*s++ != ')')
    return 0;
  c->p = s;
  switch (bits)
    {
    case 8: return BPF_B + 1;
    case 16: return BPF_H + 1;
    case 32: return BPF_W + 1;
    case 64: return BPF_DW + 1;
    default: return 0;
    }
}

/* "(rN + off)" or "rN + off" (bare, for xchg/cmpxchg); with PAREN also
   "[%rN+off]", how GCC prints an "m" operand of an inline asm (clang
   prints "(rN + off)"), so that "*(u64 *)%[v]" means the same with both.  */
int
pc_addr (struct asm_ctx *c, struct operand *m, int paren)
{
  char close = ')';
  if (paren && accept (c, '['))
    close = ']';
  else if (paren && !expect (c, '('))
    return 0;
  int w;
  m->at = c->p;
  m->reg = pc_reg (c, &w);
  if (m->reg < 0)
    {
      ERR (c, "expected a register in memory operand");
      return 0;
    }
  m->kind = OK_MEM;
  skip_ws (c);
  if (*c->p == '+' || *c->p == '-')
    {
      int neg = *c->p == '-';
      c->p++;
      m->at = c->p;
      m->e = parse_expr (c);
      if (neg)
        {
          if (eisconst (&m->e))
            m->e.k = (int64_t) (0 - (uint64_t) m->e.k);
          else
            {
              ERR (c, "symbolic negative offset");
              return 0;
            }
        }
    }
  else
    m->e = econst (0);
  if (paren && !expect (c, close))
    return 0;
  return 1;
}

const struct bpf_op *
find_op (uint8_t code, int fmt, int fixoff, int off, int fiximm, int imm)
{
  for (size_t i = 0; i < bpf_nops; i++)
    {
      const struct bpf_op *op = &bpf_ops[i];
      if (op->code != code || op->fmt != fmt)
        continue;
      if ((op->flags & BPF_OPF_FIXOFF) && (!fixoff || op->off != off))
        continue;
      if (!(op->flags & BPF_OPF_FIXOFF) && fixoff && off != 0)
        continue;
      if ((op->flags & BPF_OPF_FIXIMM) && (!fiximm || op->imm != imm))
        continue;
      return op;
    }
  return NULL;
}

/* Value operand: register or expression.  */
int
pc_value (struct asm_ctx *c, struct operand *o)
{
  skip_ws (c);
  o->at = c->p;
  o->sign = *c->p == '+' || *c->p == '-';
  const char *save = c->p;
  int w;
  int r = pc_reg (c, &w);
  if (r >= 0)
    {
      o->kind = OK_REG;
      o->reg = r;
      o->w = w;
      return 1;
    }
  c->p = save;
  o->kind = OK_EXPR;
  o->e = parse_expr (c);
  return 1;
}

/* The pseudo-C operators of conditional jumps (`if rA OP rB goto') and
   of ALU assignments (`rA OP rB'), from the instruction table's pc
   column: the BPF_OP field each stands for, and the off that selects it
   (1 for the signed division and modulo).  Longest first, so that `s>='
   is tried before `s>'.  xBPF's operations have no pseudo-C form.  */
struct pc_operator { const char *s; size_t len; uint8_t op; int16_t off; };
static struct pc_operator pc_jops[32], pc_aops[32];
static size_t pc_njops, pc_naops;

static void
add_operator (struct pc_operator *list, size_t *n, const struct bpf_op *op)
{
  int16_t off = (op->flags & BPF_OPF_FIXOFF) ? op->off : 0;
  for (size_t i = 0; i < *n; i++)
    if (!strcmp (list[i].s, op->pc))
      return;
  size_t i = (*n)++;
  size_t len = strlen (op->pc);
  for (; i > 0 && list[i - 1].len < len; i--)
    list[i] = list[i - 1];
  list[i] = (struct pc_operator) { op->pc, len, (uint8_t) BPF_OP (op->code), off };
}

static void
pc_operators (void)
{
  if (pc_njops)
    return;
  for (size_t i = 0; i < bpf_nops; i++)
    {
      const struct bpf_op *op = &bpf_ops[i];
      if (op->flags & (BPF_OPF_XBPF | BPF_OPF_ALIAS))
        continue;
      if (op->fmt == BPF_F_JR && pc_njops < sizeof pc_jops / sizeof pc_jops[0])
        add_operator (pc_jops, &pc_njops, op);
      else if (op->fmt == BPF_F_ALU_R && pc_naops < sizeof pc_aops / sizeof pc_aops[0])
        add_operator (pc_aops, &pc_naops, op);
    }
}

/* The operator of LIST (N long; built by pc_operators) at the input.  */
static const struct pc_operator *
accept_operator (struct asm_ctx *c, const struct pc_operator *list, size_t n)
{
  skip_ws (c);
  for (size_t i = 0; i < n; i++)
    if (!strncmp (c->p, list[i].s, list[i].len))
      {
        c->p += list[i].len;
        return &list[i];
      }
  return NULL;
}

void
pc_target (struct asm_ctx *c, struct operand *t)
{
  skip_ws (c);
  t->at = c->p;
  t->kind = OK_EXPR;
  t->sign = *c->p == '+' || *c->p == '-';
  t->e = parse_expr (c);
}

void
pc_finish (struct asm_ctx *c, const struct bpf_op *op, struct operand *o,
           int n, const char *at)
{
  if (!is_end (c))
    {
      if (!c->stmt_err)
        ERR (c, "junk at end of line: `%.20s'", c->p);
      return;
    }
  if (!op)
    {
      if (!c->stmt_err)
        diag_at (c, c->line, COL (c, at), "unsupported instruction");
      return;
    }
  assemble_op (c, op, o, n, at);
}

/* Statements that open with a keyword, one function each (rows of
   pc_keywords below); O holds the operands, AT the statement's text.  */

static void
pc_kw_exit (struct asm_ctx *c, struct operand *o, const char *at, int arg)
{
  (void) arg;
  pc_finish (c, find_op (BPF_JMP | BPF_K | BPF_EXIT, BPF_F_EXIT, 0, 0, 0, 0), o, 0, at);
}

/* goto (ARG 0), gotol (ARG 1: the JMP32 form with a 32-bit offset),
   may_goto (ARG 2: BPF_JCOND, a 16-bit offset as goto's).  */
static void
pc_kw_goto (struct asm_ctx *c, struct operand *o, const char *at, int arg)
{
  pc_target (c, &o[0]);
  pc_finish (c, arg == 0 ? find_op (BPF_JMP | BPF_K | BPF_JA, BPF_F_JA, 0, 0, 0, 0)
                : arg == 1 ? find_op (BPF_JMP32 | BPF_K | BPF_JA, BPF_F_JAL, 0, 0, 0, 0)
                : find_op (BPF_JMP | BPF_K | BPF_JCOND, BPF_F_JA, 0, 0, 0, 0), o, 1, at);
}

static void
pc_kw_callx (struct asm_ctx *c, struct operand *o, const char *at, int arg)
{
  (void) arg;
  int w;
  if (!pc_reg_operand (c, &o[0], &w, "callx expects a register"))
    return;
  /* LLVM 14 puts the register number in imm.  */
  o[0].kind = OK_EXPR;
  o[0].e = econst (o[0].reg);
  o[0].at = c->p;
  pc_finish (c, find_op (BPF_JMP | BPF_X | BPF_CALL, BPF_F_CALLXI, 0, 0, 0, 0), o, 1, at);
}

/* call N | call SYMBOL | call kfunc SYMBOL  */
static void
pc_kw_call (struct asm_ctx *c, struct operand *o, const char *at, int arg)
{
  (void) arg;
  skip_ws (c);
  if (!strncmp (c->p, "kfunc", 5) && (c->p[5] == ' ' || c->p[5] == '\t'))
    {
      c->p += 5;
      pc_target (c, &o[0]);
      o[0].kind = OK_KFUNC;
    }
  else
    pc_target (c, &o[0]);
  pc_finish (c, find_op (BPF_JMP | BPF_K | BPF_CALL, BPF_F_CALL, 0, 0, 0, 0), o, 1, at);
}

/* if rD OP rS|imm goto TARGET  */
static void
pc_kw_if (struct asm_ctx *c, struct operand *o, const char *at, int arg)
{
  (void) arg;
  int dw;
  if (!pc_reg_operand (c, &o[0], &dw, "expected a register after `if'"))
    return;
  skip_ws (c);
  pc_operators ();
  const struct pc_operator *jo = accept_operator (c, pc_jops, pc_njops);
  if (!jo)
    {
      ERR (c, "expected a comparison operator");
      return;
    }
  pc_value (c, &o[1]);
  const char *gi;
  size_t gn = ident (c, &gi);
  if (gn != 4 || strncmp (gi, "goto", 4))
    {
      ERR (c, "expected `goto'");
      return;
    }
  pc_target (c, &o[2]);
  int cls = dw ? BPF_JMP32 : BPF_JMP;
  if (o[1].kind == OK_REG && o[1].w != dw)
    {
      ERR (c, "mismatched register widths");
      return;
    }
  pc_finish (c, find_op ((uint8_t) (cls | jo->op | (o[1].kind == OK_REG ? BPF_X : BPF_K)),
                         o[1].kind == OK_REG ? BPF_F_JR : BPF_F_JI, 0, 0, 0, 0),
             o, 3, at);
}

/* lock *(u32|u64 *)(rD + off) OP= rS, OP one of + | & ^ (the atomic
   operations without fetch: the imm field names them).  */
static void
pc_kw_lock (struct asm_ctx *c, struct operand *o, const char *at, int arg)
{
  (void) arg;
  static const struct { const char *s; int imm; } ops[] = {
    { "+=", BPF_ADD }, { "|=", BPF_OR }, { "&=", BPF_AND }, { "^=", BPF_XOR },
  };
  int sign, w;
  if (!expect (c, '*'))
    return;
  int sz = pc_sizetype (c, &sign);
  if (!sz || sign || (sz - 1 != BPF_W && sz - 1 != BPF_DW))
    {
      ERR (c, "expected (u32 *) or (u64 *)");
      return;
    }
  if (!pc_addr (c, &o[0], 1))
    return;
  skip_ws (c);
  int imm = -1;
  for (size_t i = 0; i < sizeof ops / sizeof *ops && imm < 0; i++)
    if (accept_str (c, ops[i].s))
      imm = ops[i].imm;
  if (imm < 0)
    {
      ERR (c, "expected an atomic operator");
      return;
    }
  if (!pc_reg_operand (c, &o[1], &w, "expected a register"))
    return;
  pc_finish (c, find_op ((uint8_t) (BPF_STX | BPF_ATOMIC | (sz - 1)),
                         BPF_F_ATOMIC, 0, 0, 1, imm), o, 2, at);
}

static const struct pc_keyword
{
  const char *word;
  void (*fn) (struct asm_ctx *c, struct operand *o, const char *at, int arg);
  int arg;
} pc_keywords[] = {
  { "call", pc_kw_call, 0 },
  { "callx", pc_kw_callx, 0 },
  { "exit", pc_kw_exit, 0 },
  { "goto", pc_kw_goto, 0 },
  { "gotol", pc_kw_goto, 1 },
  { "if", pc_kw_if, 0 },
  { "lock", pc_kw_lock, 0 },
  { "may_goto", pc_kw_goto, 2 },
};

void
pc_insn (struct asm_ctx *c, const char *at)
{
  struct operand o[3];
  memset (o, 0, sizeof o);
  const char *id;
  const char *save = c->p;
  size_t n = ident (c, &id);
  for (size_t i = 0; i < sizeof pc_keywords / sizeof *pc_keywords; i++)
    if (dir_is (id, n, pc_keywords[i].word))
      {
        pc_keywords[i].fn (c, o, at, pc_keywords[i].arg);
        return;
      }
  c->p = save;
  skip_ws (c);
  /* Stores: *(uN *)(rD + off) = rS | imm  */
  if (*c->p == '*')
    {
      c->p++;
      int sign;
      int sz = pc_sizetype (c, &sign);
      if (!sz || sign)
        {
          ERR (c, "expected a (uN *) cast");
          return;
        }
      if (!pc_addr (c, &o[0], 1))
        return;
      if (!expect (c, '='))
        return;
      pc_value (c, &o[1]);
      if (o[1].kind == OK_REG)
        pc_finish (c, find_op ((uint8_t) (BPF_STX | BPF_MEM | (sz - 1)), BPF_F_STX, 0, 0, 0, 0), o, 2, at);
      else
        pc_finish (c, find_op ((uint8_t) (BPF_ST | BPF_MEM | (sz - 1)), BPF_F_ST, 0, 0, 0, 0), o, 2, at);
      return;
    }
  /* Everything else starts with a destination register.  */
  int dw;
  if (!pc_reg_operand (c, &o[0], &dw, "unrecognized instruction"))
    return;
  int d = o[0].reg;
  skip_ws (c);
  pc_operators ();
  const struct pc_operator *ao = accept_operator (c, pc_aops, pc_naops);
  if (!ao)
    {
      ERR (c, "expected an assignment operator");
      return;
    }
  int cls = dw ? BPF_ALU : BPF_ALU64;
  if (ao->op != BPF_MOV)
    {
      pc_value (c, &o[1]);
      if (o[1].kind == OK_REG && o[1].w != dw)
        {
          ERR (c, "mismatched register widths");
          return;
        }
      int x = o[1].kind == OK_REG;
      pc_finish (c, find_op ((uint8_t) (cls | ao->op | (x ? BPF_X : BPF_K)),
                             x ? BPF_F_ALU_R : BPF_F_ALU_I, 1, ao->off, 0, 0), o, 2, at);
      return;
    }
  /* Assignment forms.  */
  skip_ws (c);
  const char *rhs = c->p;
  /* -rN  */
  if (*c->p == '-')
    {
      c->p++;
      int sw;
      int s = pc_reg (c, &sw);
      if (s >= 0)
        {
          if (s != d || sw != dw)
            {
              ERR (c, "negation must use the destination register");
              return;
            }
          pc_finish (c, find_op ((uint8_t) (cls | BPF_K | BPF_NEG), BPF_F_NEG, 0, 0, 0, 0), o, 1, at);
          return;
        }
      c->p = rhs;
    }
  /* be16/le32/bswap64 rN  */
  {
    const char *kw;
    size_t kn = ident (c, &kw);
    if (kn)
      {
        int bits = 0;
        uint8_t code = 0;
        if (kn >= 4 && (!strncmp (kw, "be", 2) || !strncmp (kw, "le", 2)))
          {
            bits = atoi (kw + 2);
            code = (uint8_t) (BPF_ALU | BPF_END | (kw[0] == 'b' ? BPF_TO_BE : BPF_TO_LE));
          }
        else if (kn >= 7 && !strncmp (kw, "bswap", 5))
          {
            bits = atoi (kw + 5);
            code = BPF_ALU64 | BPF_K | BPF_END;
          }
        if (code && (bits == 16 || bits == 32 || bits == 64))
          {
            int sw;
            int s = pc_reg (c, &sw);
            if (s < 0 || s != d)
              {
                ERR (c, "byte swap must use the destination register");
                return;
              }
            pc_finish (c, find_op (code, BPF_F_END, 0, 0, 1, bits), o, 1, at);
            return;
          }
        /* map_fd(...) pseudo forms.  */
        c->p = kw;
        int64_t a, b;
        int src = lddw_pseudo (c, &a, &b);
        if (src)
          {
            accept_str (c, "ll");
            if (!is_end (c))
              {
                ERR (c, "junk at end of line");
                return;
              }
            struct bpf_insn in;
            memset (&in, 0, sizeof in);
            in.code = BPF_LD | BPF_DW | BPF_IMM;
            in.dst = (uint8_t) d;
            in.src = (uint8_t) src;
            in.imm = (int32_t) a;
            in.imm2 = (int32_t) b;
            in.op = find_op (in.code, BPF_F_LDDW, 0, 0, 0, 0);
            emit_insn (c, &in);
            return;
          }
        c->p = rhs;
      }
  }
  /* (s8)rN  movsx  */
  if (*c->p == '(' && (c->p[1] == 's' || c->p[1] == 'u'))
    {
      const char *q = c->p + 1;
      if (*q == 's')
        {
          int bits = atoi (q + 1);
          while (*q && *q != ')')
            q++;
          if (*q == ')' && (bits == 8 || bits == 16 || bits == 32))
            {
              c->p = q + 1;
              int sw;
              int s = pc_reg (c, &sw);
              if (s >= 0)
                {
                  o[1].kind = OK_REG;
                  o[1].reg = s;
                  o[2].kind = OK_EXPR;
                  o[2].e = econst (bits);
                  pc_finish (c, find_op ((uint8_t) (cls | BPF_MOV | BPF_X), BPF_F_MOVSX, 1, bits, 0, 0), o, 3, at);
                  return;
                }
            }
        }
      c->p = rhs;
    }
  /* *(uN *)...  loads  */
  if (*c->p == '*')
    {
      c->p++;
      int sign;
      int sz = pc_sizetype (c, &sign);
      if (!sz)
        {
          ERR (c, "expected a (uN *) or (sN *) cast");
          return;
        }
      skip_ws (c);
      if (!strncmp (c->p, "skb", 3))
        {
          c->p += 3;
          if (!expect (c, '['))
            return;
          skip_ws (c);
          int sw;
          const char *sv = c->p;
          int s = pc_reg (c, &sw);
          struct operand ops[2];
          memset (ops, 0, sizeof ops);
          if (s >= 0)
            {
              ops[0].kind = OK_REG;
              ops[0].reg = s;
              ops[1].kind = OK_EXPR;
              ops[1].at = c->p;
              ops[1].e = econst (0);
              skip_ws (c);
              if (*c->p == '+' || *c->p == '-')
                {
                  ops[1].at = c->p;
                  ops[1].e = parse_expr (c);
                }
              if (!expect (c, ']'))
                return;
              pc_finish (c, find_op ((uint8_t) (BPF_LD | BPF_IND | (sz - 1)), BPF_F_LDIND, 0, 0, 0, 0), ops, 2, at);
            }
          else
            {
              c->p = sv;
              ops[0].kind = OK_EXPR;
              ops[0].at = c->p;
              ops[0].e = parse_expr (c);
              if (!expect (c, ']'))
                return;
              pc_finish (c, find_op ((uint8_t) (BPF_LD | BPF_ABS | (sz - 1)), BPF_F_LDABS, 0, 0, 0, 0), ops, 1, at);
            }
          if (d != 0 && !c->stmt_err)
            diag_at (c, c->line, COL (c, at), "packet loads write r0");
          return;
        }
      if (!pc_addr (c, &o[1], 1))
        return;
      pc_finish (c, find_op ((uint8_t) (BPF_LDX | (sign ? BPF_MEMSX : BPF_MEM) | (sz - 1)), BPF_F_LDX, 0, 0, 0, 0), o, 2, at);
      return;
    }
  /* atomic_fetch_op((uN *)(rD + off), rS), xchg, cmpxchg  */
  {
    const char *fn;
    size_t fl = ident (c, &fn);
    if (fl)
      {
        static const struct { const char *n; int imm; int w; } fns[] = {
          { "atomic_fetch_add", BPF_ADD | BPF_FETCH, -1 },
          { "atomic_fetch_or", BPF_OR | BPF_FETCH, -1 },
          { "atomic_fetch_and", BPF_AND | BPF_FETCH, -1 },
          { "atomic_fetch_xor", BPF_XOR | BPF_FETCH, -1 },
          { "xchg_64", BPF_XCHG, 0 }, { "xchg32_32", BPF_XCHG, 1 },
          { "cmpxchg_64", BPF_CMPXCHG, 0 }, { "cmpxchg32_32", BPF_CMPXCHG, 1 },
        };
        for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
          if (strlen (fns[i].n) == fl && !strncmp (fn, fns[i].n, fl))
            {
              if (!expect (c, '('))
                return;
              int is64;
              if (fns[i].w < 0)
                {
                  int sign;
                  int sz = pc_sizetype (c, &sign);
                  if (!sz || sign || (sz - 1 != BPF_W && sz - 1 != BPF_DW))
                    {
                      ERR (c, "expected (u32 *) or (u64 *)");
                      return;
                    }
                  is64 = sz - 1 == BPF_DW;
                  if (!pc_addr (c, &o[0], 1))
                    return;
                }
              else
                {
                  is64 = !fns[i].w;
                  if (!pc_addr (c, &o[0], 0))
                    return;
                }
              if (!expect (c, ','))
                return;
              int sw;
              if (fns[i].imm == BPF_CMPXCHG)
                {
                  int r0 = pc_reg (c, &sw);
                  if (r0 != 0 || d != 0)
                    {
                      ERR (c, "cmpxchg compares with r0");
                      return;
                    }
                  if (!expect (c, ','))
                    return;
                }
              int s = pc_reg (c, &sw);
              if (s < 0)
                {
                  ERR (c, "expected a register");
                  return;
                }
              if (!expect (c, ')'))
                return;
              if (fns[i].imm != BPF_CMPXCHG && s != d)
                {
                  diag_at (c, c->line, COL (c, at), "the fetched value must go to the source register");
                  return;
                }
              o[1].kind = OK_REG;
              o[1].reg = s;
              pc_finish (c, find_op ((uint8_t) (BPF_STX | BPF_ATOMIC | (is64 ? BPF_DW : BPF_W)),
                                     BPF_F_ATOMIC, 0, 0, 1, fns[i].imm), o, 2, at);
              return;
            }
        c->p = rhs;
      }
  }
  /* rD = rS | imm | imm ll | sym ll  */
  pc_value (c, &o[1]);
  if (o[1].kind == OK_REG)
    {
      if (o[1].w != dw && !(dw == 0 && o[1].w == 1))
        {
          ERR (c, "mismatched register widths");
          return;
        }
      /* "rD = wS" is LLVM's spelling of a zero-extending 32-bit move.  */
      int c32 = dw || o[1].w;
      pc_finish (c, find_op ((uint8_t) ((c32 ? BPF_ALU : BPF_ALU64) | BPF_MOV | BPF_X),
                             BPF_F_ALU_R, 1, 0, 0, 0), o, 2, at);
      return;
    }
  skip_ws (c);
  if (!strncmp (c->p, "ll", 2) && !is_idchar ((unsigned char) c->p[2]))
    {
      c->p += 2;
      if (dw)
        {
          ERR (c, "64-bit load into a 32-bit register");
          return;
        }
      pc_finish (c, find_op (BPF_LD | BPF_DW | BPF_IMM, BPF_F_LDDW, 0, 0, 0, 0), o, 2, at);
      return;
    }
  pc_finish (c, find_op ((uint8_t) (cls | BPF_MOV | BPF_K), BPF_F_ALU_I, 1, 0, 0, 0), o, 2, at);
}
