/* emit.c - bpf-asm: labels and instruction emission: operands checked against an
   opcode's format, encoding, fixups for what is not known yet.  */
#include "asm/asm.h"

/* ---------- labels ---------- */

void
define_label (struct asm_ctx *c, int s, const char *at)
{
  struct asm_sym *y = &c->syms[s];
  if ((y->sec != ASM_SEC_UNDEF && y->sec != ASM_SEC_COMMON) || y->alias)
    {
      diag_at (c, c->line, COL (c, at), "symbol `%s' is already defined", y->name);
      return;
    }
  y->sec = c->cur;
  y->value = c->secs[c->cur].size;
}

/* ---------- instruction emission ---------- */

void
emit_insn (struct asm_ctx *c, struct bpf_insn *in)
{
  uint8_t b[16];
  if (c->stmt_err)
    return;
  if (sec_nobits (c))
    {
      ERR (c, "instruction in a section without contents (`%s')",
           c->secs[c->cur].name);
      return;
    }
  if (in->op && (in->op->flags & BPF_OPF_XBPF))
    c->eflags |= EF_BPF_GNU_XBPF;
  int n = bpf_insn_encode (in, b);
  memcpy (emit (c, (size_t) n), b, (size_t) n);
}

int
check_range (struct asm_ctx *c, int64_t v, int64_t lo, int64_t hi,
             const char *what, const char *at)
{
  if (v < lo || v > hi)
    {
      if (!c->stmt_err)
        diag_at (c, c->line, COL (c, at), "%s %lld out of range", what,
                 (long long) v);
      return 0;
    }
  return 1;
}

/* Immediate (32 bits): accepts signed or unsigned 32-bit values.  */
int32_t
imm32_operand (struct asm_ctx *c, struct expr *e, const char *at, size_t insn_off,
               enum fx_kind kind)
{
  if (eisconst (e))
    {
      check_range (c, e->k, INT32_MIN, UINT32_MAX, "immediate", at);
      return (int32_t) (uint32_t) e->k;
    }
  add_fixup (c, kind, insn_off, 0, *e, at);
  return 0;
}

/* An ALU64 or JMP (not ALU32, JMP32) instruction CODE with the immediate
   K written as a value in [2^31, 2^32): the CPU sign-extends the 32-bit
   field, so `and %r0,0xffffffff' is `r0 &= -1', a no-op (bpf-gcc 12
   writes it for a zero extension below cpu v3), and `if r1 > 0x80000000'
   compares with 0xffffffff80000000.  Written negative, the same bits say
   what they do; lddw takes 64 bits; ALU32 and JMP32 use 32.  The value
   still encodes as written, as gas and LLVM encode it.  */
void
check_sext_imm (struct asm_ctx *c, uint8_t code, int64_t k, int ctx, int line, int col)
{
  uint8_t cls = BPF_CLASS (code), op = BPF_OP (code);
  /* (a call's immediate is a helper or kfunc number, not an operand) */
  if (c->opts->no_warn_sext || BPF_SRC (code) != BPF_K
      || (cls != BPF_ALU64 && cls != BPF_JMP)
      || (cls == BPF_JMP && (op == BPF_CALL || op == BPF_EXIT || op == BPF_JA))
      || k < 0x80000000LL || k > 0xffffffffLL)
    return;
  warn_loc (c, ctx, line, col, "immediate 0x%llx is sign-extended to 0x%llx in a "
            "64-bit operation", (unsigned long long) k,
            (unsigned long long) (int64_t) (int32_t) (uint32_t) k);
}

int
parse_reg_name (struct asm_ctx *c, int *w)
{
  const char *s = c->p;
  if (*s == '%')
    s++;
  if (s[0] == 'f' && s[1] == 'p' && !is_idchar ((unsigned char) s[2]))
    {
      c->p = s + 2;
      *w = 0;
      return 10;
    }
  if ((s[0] == 'r' || s[0] == 'w') && isdigit ((unsigned char) s[1]))
    {
      int r = s[1] - '0';
      const char *e = s + 2;
      if (isdigit ((unsigned char) *e))
        r = r * 10 + (*e++ - '0');
      if (is_idchar ((unsigned char) *e) || r > 10)
        return -1;
      *w = s[0] == 'w';
      c->p = e;
      return r;
    }
  return -1;
}
