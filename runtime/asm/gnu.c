/* gnu.c - bpf-asm: GNU syntax: mnemonics and operands (binutils 2.40 and later).  */
#include "asm/asm.h"

/* ---------- GNU syntax ---------- */

int
gnu_operand (struct asm_ctx *c, struct operand *o)
{
  skip_ws (c);
  o->at = c->p;
  o->sign = (*c->p == '+' || *c->p == '-');
  if (*c->p == '[')
    {
      c->p++;
      skip_ws (c);
      int w;
      const char *save = c->p;
      o->reg = parse_reg_name (c, &w);
      if (o->reg < 0)
        {
          c->p = save;
          ERR (c, "expected a register in memory operand");
          return 0;
        }
      o->kind = OK_MEM;
      skip_ws (c);
      if (*c->p == ']')
        o->e = econst (0);
      else if (*c->p == '+' || *c->p == '-')
        {
          if (*c->p == '+')
            c->p++;
          o->e = parse_expr (c);
        }
      else
        {
          ERR (c, "bad memory operand");
          return 0;
        }
      return expect (c, ']');
    }
  if (*c->p == '%' || ((*c->p == 'r') && isdigit ((unsigned char) c->p[1])))
    {
      int w;
      const char *save = c->p;
      int r = parse_reg_name (c, &w);
      if (r >= 0)
        {
          o->kind = OK_REG;
          o->reg = r;
          return 1;
        }
      c->p = save;
      if (*c->p == '%')
        {
          ERR (c, "bad register name `%.10s'", c->p);
          return 0;
        }
    }
  if (!strncmp (c->p, "kfunc", 5) && (c->p[5] == ' ' || c->p[5] == '\t'))
    {
      c->p += 5;
      o->kind = OK_KFUNC;
      o->e = parse_expr (c);
      return 1;
    }
  o->kind = OK_EXPR;
  o->e = parse_expr (c);
  return 1;
}

int
fmt_operands (int fmt, enum opk k[3])
{
  k[0] = k[1] = k[2] = OK_NONE;
  switch (fmt)
    {
    case BPF_F_ALU_R: k[0] = OK_REG; k[1] = OK_REG; return 2;
    case BPF_F_ALU_I: k[0] = OK_REG; k[1] = OK_EXPR; return 2;
    case BPF_F_NEG: k[0] = OK_REG; return 1;
    case BPF_F_END: k[0] = OK_REG; k[1] = OK_EXPR; return 2;
    case BPF_F_MOVSX: k[0] = OK_REG; k[1] = OK_REG; k[2] = OK_EXPR; return 3;
    case BPF_F_LDDW: k[0] = OK_REG; k[1] = OK_EXPR; return 2;
    case BPF_F_LDABS: k[0] = OK_EXPR; return 1;
    case BPF_F_LDIND: k[0] = OK_REG; k[1] = OK_EXPR; return 2;
    case BPF_F_LDX: k[0] = OK_REG; k[1] = OK_MEM; return 2;
    case BPF_F_STX: case BPF_F_ATOMIC: k[0] = OK_MEM; k[1] = OK_REG; return 2;
    case BPF_F_ST: k[0] = OK_MEM; k[1] = OK_EXPR; return 2;
    case BPF_F_JA: case BPF_F_JAL: k[0] = OK_EXPR; return 1;
    case BPF_F_JR: k[0] = OK_REG; k[1] = OK_REG; k[2] = OK_EXPR; return 3;
    case BPF_F_JI: k[0] = OK_REG; k[1] = OK_EXPR; k[2] = OK_EXPR; return 3;
    case BPF_F_CALL: k[0] = OK_EXPR; return 1;
    case BPF_F_CALLX: k[0] = OK_REG; return 1;
    case BPF_F_CALLXI: k[0] = OK_EXPR; return 1;
    default: return 0;
    }
}


/* lddw pseudo forms: map_fd(N[,M]) etc.  Returns src or 0.  */
int
lddw_pseudo (struct asm_ctx *c, int64_t *a, int64_t *b)
{
  skip_ws (c);
  for (int src = BPF_PSEUDO_MAP_FD; src <= BPF_PSEUDO_MAP_IDX_VALUE; src++)
    {
      const char *nm = bpf_lddw_pseudo_name (src);
      size_t n = strlen (nm);
      if (!strncmp (c->p, nm, n) && !is_idchar ((unsigned char) c->p[n]))
        {
          const char *save = c->p;
          c->p += n;
          skip_ws (c);
          if (*c->p != '(')
            {
              c->p = save;
              return 0;
            }
          c->p++;
          *a = const_expr (c);
          *b = 0;
          if (accept (c, ','))
            *b = const_expr (c);
          expect (c, ')');
          return src;
        }
    }
  return 0;
}

void
gnu_insn (struct asm_ctx *c, const char *mn, size_t mnlen, const char *at)
{
  char name[24];
  if (mnlen >= sizeof name)
    {
      diag_at (c, c->line, COL (c, at), "unknown instruction `%.*s'",
               (int) (mnlen > 40 ? 40 : mnlen), mn);
      return;
    }
  for (size_t i = 0; i < mnlen; i++)
    name[i] = (char) tolower ((unsigned char) mn[i]);
  name[mnlen] = 0;
  if (c->opts->xbpf && (!strcmp (name, "sdiv") || !strcmp (name, "smod")
                        || !strcmp (name, "sdiv32") || !strcmp (name, "smod32")))
    {
      memmove (name + 1, name, mnlen + 1);
      name[0] = 'x';
    }
  size_t idx = 0;
  const struct bpf_op *first = bpf_op_next_gnu (name, &idx);
  if (!first)
    {
      diag_at (c, c->line, COL (c, at), "unknown instruction `%s'", name);
      return;
    }
  /* Parse the operands.  */
  struct operand o[4];
  memset (o, 0, sizeof o);
  int n = 0;
  if (first->fmt == BPF_F_LDDW)
    {
      int64_t a, b;
      struct operand r;
      memset (&r, 0, sizeof r);
      if (!gnu_operand (c, &r) || r.kind != OK_REG)
        {
          if (!c->stmt_err)
            diag_at (c, c->line, COL (c, at), "lddw expects a register first");
          return;
        }
      if (!expect (c, ','))
        return;
      skip_ws (c);
      int src = lddw_pseudo (c, &a, &b);
      if (src)
        {
          struct bpf_insn in;
          memset (&in, 0, sizeof in);
          in.code = first->code;
          in.dst = (uint8_t) r.reg;
          in.src = (uint8_t) src;
          in.imm = (int32_t) a;
          in.imm2 = (int32_t) b;
          in.op = first;
          if (!is_end (c))
            {
              ERR (c, "junk at end of line: `%.20s'", c->p);
              return;
            }
          emit_insn (c, &in);
          return;
        }
      o[0] = r;
      n = 1;
      if (!gnu_operand (c, &o[1]))
        return;
      n = 2;
    }
  else if (!is_end (c))
    {
      for (;;)
        {
          if (n == 3)
            {
              ERR (c, "too many operands");
              return;
            }
          if (!gnu_operand (c, &o[n]))
            return;
          n++;
          if (!accept (c, ','))
            break;
        }
    }
  if (!is_end (c))
    {
      if (!c->stmt_err)
        ERR (c, "junk at end of line: `%.20s'", c->p);
      return;
    }
  /* Find the entry whose operand shapes and fixed values match.  */
  idx = 0;
  const struct bpf_op *op;
  while ((op = bpf_op_next_gnu (name, &idx)))
    {
      enum opk k[3];
      int want = fmt_operands (op->fmt, k);
      if (want != n)
        continue;
      int ok = 1;
      for (int i = 0; i < n; i++)
        {
          enum opk have = o[i].kind;
          if (op->fmt == BPF_F_CALL && i == 0 && have == OK_KFUNC)
            have = OK_EXPR;
          if (op->fmt == BPF_F_CALLXI && have == OK_REG)
            have = OK_EXPR;
          if (have != k[i])
            ok = 0;
        }
      if (!ok)
        continue;
      if (op->fmt == BPF_F_END && !(eisconst (&o[1].e) && o[1].e.k == op->imm))
        continue;
      if (op->fmt == BPF_F_MOVSX && !(eisconst (&o[2].e) && o[2].e.k == op->off))
        continue;
      assemble_op (c, op, o, n, at);
      return;
    }
  diag_at (c, c->line, COL (c, at), "invalid operands for `%s'", name);
}

/* Build the instruction for OP from operands in GNU order.  */
void
assemble_op (struct asm_ctx *c, const struct bpf_op *op, struct operand *o,
             int nops_given, const char *at)
{
  struct bpf_insn in;
  memset (&in, 0, sizeof in);
  in.op = op;
  in.code = op->code;
  if (op->flags & BPF_OPF_FIXIMM)
    in.imm = op->imm;
  if (op->flags & BPF_OPF_FIXOFF)
    in.off = op->off;
  size_t here = c->secs[c->cur].size;
  /* a jump or call written with a number: its operand (relax.c counts
     what bpf-asm inserts between it and its target) */
  const struct operand *num = NULL;
  int num_wide = 0;
  switch (op->fmt)
    {
    case BPF_F_ALU_R: case BPF_F_MOVSX:
      in.dst = (uint8_t) o[0].reg; in.src = (uint8_t) o[1].reg; break;
    case BPF_F_ALU_I:
      in.dst = (uint8_t) o[0].reg;
      in.imm = imm32_operand (c, &o[1].e, o[1].at, here, FX_IMM32);
      if (eisconst (&o[1].e) && !c->stmt_err)
        check_sext_imm (c, in.code, o[1].e.k, c->ctx, c->line, COL (c, o[1].at));
      break;
    case BPF_F_NEG: case BPF_F_END: case BPF_F_CALLX:
      in.dst = (uint8_t) o[0].reg; break;
    case BPF_F_LDDW:
      in.dst = (uint8_t) o[0].reg;
      if (eisconst (&o[1].e))
        {
          in.imm = (int32_t) (uint32_t) o[1].e.k;
          in.imm2 = (int32_t) (uint32_t) ((uint64_t) o[1].e.k >> 32);
        }
      else
        add_fixup (c, FX_LDDW, here, 0, o[1].e, o[1].at);
      break;
    case BPF_F_LDABS:
      in.imm = imm32_operand (c, &o[0].e, o[0].at, here, FX_IMM32); break;
    case BPF_F_LDIND:
      in.src = (uint8_t) o[0].reg;
      in.imm = imm32_operand (c, &o[1].e, o[1].at, here, FX_IMM32);
      break;
    case BPF_F_LDX: case BPF_F_STX: case BPF_F_ATOMIC: case BPF_F_ST:
      {
        struct operand *m = op->fmt == BPF_F_LDX ? &o[1] : &o[0];
        struct operand *r = op->fmt == BPF_F_LDX ? &o[0] : &o[1];
        if (op->fmt == BPF_F_LDX)
          { in.dst = (uint8_t) r->reg; in.src = (uint8_t) m->reg; }
        else if (op->fmt == BPF_F_ST)
          {
            in.dst = (uint8_t) m->reg;
            in.imm = imm32_operand (c, &r->e, r->at, here, FX_IMM32);
          }
        else
          { in.dst = (uint8_t) m->reg; in.src = (uint8_t) r->reg; }
        if (eisconst (&m->e))
          {
            check_range (c, m->e.k, INT16_MIN, INT16_MAX, "offset", m->at);
            in.off = (int16_t) m->e.k;
          }
        else
          add_fixup (c, FX_OFF16, here, 0, m->e, m->at);
        break;
      }
    case BPF_F_JA: case BPF_F_JR: case BPF_F_JI:
      {
        struct operand *t = &o[op->fmt == BPF_F_JA ? 0 : 2];
        if (op->fmt == BPF_F_JR)
          { in.dst = (uint8_t) o[0].reg; in.src = (uint8_t) o[1].reg; }
        if (op->fmt == BPF_F_JI)
          {
            in.dst = (uint8_t) o[0].reg;
            in.imm = imm32_operand (c, &o[1].e, o[1].at, here, FX_IMM32);
            if (eisconst (&o[1].e) && !c->stmt_err)
              check_sext_imm (c, in.code, o[1].e.k, c->ctx, c->line, COL (c, o[1].at));
          }
        if (eisconst (&t->e))
          {
            check_range (c, t->e.k, INT16_MIN, INT16_MAX, "jump offset", t->at);
            in.off = (int16_t) t->e.k;
            num = t;
          }
        else if (relax_jump (c, &in, t, here))
          return;   /* written in its long form */
        break;
      }
    case BPF_F_JAL:
      if (eisconst (&o[0].e))
        {
          check_range (c, o[0].e.k, INT32_MIN, INT32_MAX, "jump offset", o[0].at);
          in.imm = (int32_t) o[0].e.k;
          num = &o[0];
          num_wide = 1;
        }
      else
        add_fixup (c, FX_JUMP32, here, 0, o[0].e, o[0].at);
      break;
    case BPF_F_CALL:
      if (o[0].kind == OK_KFUNC)
        {
          in.src = BPF_PSEUDO_KFUNC_CALL;
          if (eisconst (&o[0].e))
            in.imm = imm32_operand (c, &o[0].e, o[0].at, here, FX_IMM32);
          else
            {
              in.imm = -1;
              add_fixup (c, FX_CALL, here, 0, o[0].e, o[0].at);
            }
        }
      else if (eisconst (&o[0].e))
        {
          /* A number written with a sign is a pc-relative bpf-to-bpf
             call; an unsigned one a helper number.  */
          in.src = o[0].sign ? BPF_PSEUDO_CALL : 0;
          check_range (c, o[0].e.k, INT32_MIN, UINT32_MAX, "call operand", o[0].at);
          in.imm = (int32_t) (uint32_t) o[0].e.k;
          if (o[0].sign)
            {
              num = &o[0];
              num_wide = 1;
            }
        }
      else
        {
          in.src = BPF_PSEUDO_CALL;
          in.imm = -1;
          add_fixup (c, FX_CALL, here, 0, o[0].e, o[0].at);
        }
      break;
    case BPF_F_CALLXI:
      if (o[0].kind == OK_REG)
        in.imm = o[0].reg;
      else if (eisconst (&o[0].e) && o[0].e.k >= 0 && o[0].e.k <= 10)
        in.imm = (int32_t) o[0].e.k;
      else
        diag_at (c, c->line, COL (c, o[0].at), "callx expects a register");
      break;
    case BPF_F_EXIT:
      break;
    }
  (void) nops_given;
  emit_insn (c, &in);
  if (num)
    relax_numeric_jump (c, here, num->e.k, num_wide, num->at);
}
