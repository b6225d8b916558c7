/* insn-unit.c - unit test of runtime/insn.[ch] with the assembler: every
   entry of the instruction table is encoded with sample operands,
   decoded back to the same entry, printed in both syntaxes, and the
   printed text assembled again to the same bytes; and each entry has
   bpf-run's operation (sim_op) unless the kernel lacks the instruction.
   Prints PASS/FAIL lines for bpfs_unit_run.  */
#include <stdio.h>
#include <string.h>
#include "insn.h"
#include "asm/asm.h"
#include "sim/ops.h"   /* the table's sim_op column */

/* Assembler internals are reached through asm_run and the accessors.  */
static int
assemble (const char *text, enum asm_syntax_mode mode, uint8_t *out, size_t *len)
{
  struct asm_opts o = { mode, 0, 0, stderr };
  struct asm_ctx *c = asm_run ("unit.s", text, strlen (text), &o);
  int ok = asm_errors (c) == 0;
  struct asm_sec *t = asm_sec_at (c, 0);
  *len = t->size;
  if (ok && t->size <= 16)
    memcpy (out, t->data, t->size);
  asm_free (c);
  return ok;
}

int
main (void)
{
  int fails = 0, n = 0;
  for (size_t i = 0; i < bpf_nops; i++)
    {
      const struct bpf_op *op = &bpf_ops[i];
      if (op->flags & BPF_OPF_ALIAS)
        continue;
      struct bpf_insn in;
      memset (&in, 0, sizeof in);
      in.code = op->code;
      in.op = op;
      /* Sample operands, used only where the format has them.  */
      switch (op->fmt)
        {
        case BPF_F_ALU_R: case BPF_F_MOVSX: in.dst = 3; in.src = 7; break;
        case BPF_F_ALU_I: in.dst = 4; in.imm = -123456; break;
        case BPF_F_NEG: case BPF_F_END: case BPF_F_CALLX: in.dst = 5; break;
        case BPF_F_LDDW: in.dst = 6; in.imm = 0x12345678; in.imm2 = -2; break;
        case BPF_F_LDABS: in.imm = 14; break;
        case BPF_F_LDIND: in.src = 2; in.imm = 6; break;
        case BPF_F_LDX: case BPF_F_STX: case BPF_F_ATOMIC:
          in.dst = 1; in.src = 9; in.off = -24; break;
        case BPF_F_ST: in.dst = 10; in.off = 16; in.imm = -9; break;
        case BPF_F_JA: in.off = -3; break;
        case BPF_F_JAL: in.imm = 100000; break;
        case BPF_F_JR: in.dst = 2; in.src = 8; in.off = 12; break;
        case BPF_F_JI: in.dst = 2; in.imm = 77; in.off = -12; break;
        case BPF_F_CALL: in.imm = 6; break;
        case BPF_F_CALLXI: in.imm = 4; break;
        case BPF_F_EXIT: break;
        }
      if (op->flags & BPF_OPF_FIXIMM)
        in.imm = op->imm;
      if (op->flags & BPF_OPF_FIXOFF)
        in.off = op->off;
      /* bpf-run runs every instruction the kernel has: only the 64-bit
         packet loads (which the kernel lacks) are without an operation.  */
      int no_sim = op->code == (BPF_LD | BPF_DW | BPF_ABS)
                   || op->code == (BPF_LD | BPF_DW | BPF_IND);
      int sim_ok = op->sim_op < OP__COUNT && (op->sim_op == OP_INVALID) == no_sim;
      printf ("%s: %s/%s (%02x) has %s bpf-run operation\n", sim_ok ? "PASS" : "FAIL",
              op->gnu, op->pc, op->code, no_sim ? "no" : "a");
      fails += !sim_ok;
      uint8_t b[16];
      int len = bpf_insn_encode (&in, b);
      struct bpf_insn d;
      int dl = bpf_insn_decode (b, (size_t) len, &d);
      n++;
      if (dl != len || d.op != op || !bpf_insn_canonical (&d))
        {
          printf ("FAIL: %s (%02x) decodes back to its entry\n", op->gnu, op->code);
          fails++;
          continue;
        }
      printf ("PASS: %s/%s (%02x) encode/decode\n", op->gnu, op->pc, op->code);
      for (int sx = 0; sx < 2; sx++)
        {
          char text[256], src[300];
          bpf_insn_print (&d, sx ? BPF_SYNTAX_PSEUDOC : BPF_SYNTAX_GNU, NULL,
                          text, sizeof text);
          snprintf (src, sizeof src, "\t%s\n", text);
          uint8_t r[16];
          size_t rl = 0;
          int ok = assemble (src, ASM_SYNTAX_AUTO, r, &rl)
                   && rl == (size_t) len && !memcmp (r, b, (size_t) len);
          printf ("%s: %s (%02x) printed in %s as `%s' assembles back\n",
                  ok ? "PASS" : "FAIL", op->gnu, op->code, sx ? "pseudo-C" : "GNU", text);
          fails += !ok;
        }
    }
  printf ("%s: %d table entries\n", n > 150 ? "PASS" : "FAIL", n);

  /* The directive table: sorted (its binary search depends on it), and
     a name is found only whole.  */
  int dirs_ok = pseudo_table_check ()
                && pseudo_lookup (".long", 5) && pseudo_lookup (".2byte", 6)
                && pseudo_lookup (".zero", 5) && pseudo_lookup (".irpc", 5)
                && !pseudo_lookup (".lon", 4) && !pseudo_lookup (".longer", 7)
                && !pseudo_lookup (".", 1) && !pseudo_lookup (".zzz", 4);
  printf ("%s: directive table sorted and searched by whole name\n",
          dirs_ok ? "PASS" : "FAIL");
  return 0;
}
