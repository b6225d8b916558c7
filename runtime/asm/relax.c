/* relax.c - bpf-asm: branch relaxation, jumps to labels farther than a
   16-bit offset reaches.

   A BPF jump's offset is 16 bits: 32,767 instructions forward at most.
   Fully unrolled loops go farther (the kernel selftests' pyperf100.c
   through bpf-gcc has a conditional jump over 45,644 instructions), and
   clang writes such jumps in a long form.  So does bpf-asm: a jump to a
   label that turns out out of range becomes

     goto L            ->  gotol L                     (JMP32 | JA, imm32)
     if r1 > r2 goto L ->  if r1 <= r2 goto +1; gotol L
     if r1 & 4 goto L  ->  if r1 & 4 goto +1; goto +1; gotol L
                           (jset has no inverse)

   gotol needs the kernel's v4 instruction set (Linux 6.6).  With -mcpu=v1
   to v3 (or `.cpu v3', which bpf-gcc's plugin writes for its cpu=
   argument) there is no long form: `ja' has a 16-bit offset like the
   jump itself, and the inverted jump over it moves the target as far
   as it moves the `ja', so it reaches exactly as far as the short jump.
   Below v4 a jump to a label therefore stays short up to 32,767
   instructions, and one beyond is an error at its line naming -mcpu=v4:
   never gotol, never a truncated offset.  The soft limit below does not
   apply there: the kernel may refuse a jump between the two limits, but
   no v3 encoding does better.

   The limit is half the 16-bit range (RELAX_SOFT_LIMIT), as LLVM's BPF
   backend does: the verifier rewrites instructions into several (context
   accesses, inlined helpers) and moves the branches across them; a jump
   just inside 32,767 then no longer fits and the kernel refuses the
   whole program ("insn N cannot be patched due to 16-bit range", the
   selftests' pyperf100.c and pyperf180.c).

   Only the last pass knows the distances, and a long form moves
   everything after it: labels, line info, DWARF, sizes, data that
   subtracts labels, some folded while reading.  Instead of patching
   those, asm_run reads the input again from the start with the jumps
   found out of range in their long form, until no jump is (each pass
   only adds jumps, so it ends; asm_run bounds it anyway).  Jumps are
   known across passes by their number in reading order: the input is
   the same each time, and a jump taken for another only costs one more
   instruction, never a wrong target.  */
#include "asm/asm.h"

static int
relax_listed (const struct asm_ctx *c, unsigned no)
{
  size_t lo = 0, hi = c->nrelax;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (c->relax[mid] == no)
        return 1;
      if (c->relax[mid] < no)
        lo = mid + 1;
      else
        hi = mid;
    }
  return 0;
}

/* The condition that is true exactly when CODE's is false (0: none).  */
static uint8_t
inverse_jump (uint8_t code)
{
  static const uint8_t pairs[][2] = {
    { BPF_JEQ, BPF_JNE },
    { BPF_JGT, BPF_JLE },
    { BPF_JGE, BPF_JLT },
    { BPF_JSGT, BPF_JSLE },
    { BPF_JSGE, BPF_JSLT },
  };
  uint8_t op = BPF_OP (code), rest = BPF_CLASS (code) | BPF_SRC (code);
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    {
      if (op == pairs[i][0])
        return (uint8_t) (pairs[i][1] | rest);
      if (op == pairs[i][1])
        return (uint8_t) (pairs[i][0] | rest);
    }
  return 0;
}

static void
emit_fixed (struct asm_ctx *c, struct bpf_insn *in)
{
  in->op = bpf_insn_lookup (in);
  emit_insn (c, in);
}

/* IN, a jump at HERE to the symbolic target T: record its fixup, or
   write it in its long form when an earlier pass found it out of range
   (1: written, the caller is done).  */
int
relax_jump (struct asm_ctx *c, struct bpf_insn *in, struct operand *t,
            size_t here)
{
  unsigned no = c->njumps++;
  if (c->cpu < 4 || !relax_listed (c, no))
    {
      add_fixup (c, FX_JUMP16, here, 0, t->e, t->at);
      c->fx[c->nfx - 1].jump_no = (int) no;
      c->fx[c->nfx - 1].short_only = c->cpu < 4;
      return 0;
    }
  if (BPF_OP (in->code) != BPF_JA)   /* conditional */
    {
      uint8_t inv = inverse_jump (in->code);
      in->off = 1;
      if (inv)
        in->code = inv;
      emit_fixed (c, in);
      if (!inv)
        {
          struct bpf_insn skip = { .code = BPF_JMP | BPF_K | BPF_JA, .off = 1 };
          emit_fixed (c, &skip);
        }
    }
  struct bpf_insn far = { .code = BPF_JMP32 | BPF_K | BPF_JA };  /* gotol */
  add_fixup (c, FX_JUMP32, c->secs[c->cur].size, 0, t->e, t->at);
  emit_fixed (c, &far);
  return 1;
}

/* F, a jump found out of range: 1 if the next pass writes it long.  */
int
relax_defer (struct asm_ctx *c, const struct fixup *f)
{
  if (c->no_relax || f->jump_no < 0 || f->short_only)
    return 0;
  GROW (c->want, c->nwant, c->wantcap);
  c->want[c->nwant++] = (unsigned) f->jump_no;
  return 1;
}

int
cpu_version (const char *name)
{
  if (name[0] == 'v' && name[1] >= '1' && name[1] <= '4' && !name[2])
    return name[1] - '0';
  return 0;
}
