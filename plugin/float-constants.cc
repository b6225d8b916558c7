/* float-constants.cc: floating-point constants in instructions as IEEE bits.
 *
 * GCC 12's BPF backend prints a floating-point CONST_DOUBLE operand as if
 * it were a pair of integers (bpf_print_operand), which gives GCC's
 * internal representation, not the IEEE value: `double f(void) { return
 * 1.5; }' becomes `lddw %r0,65'.  Every program that loads a float or
 * double constant into a register computes with garbage (about 50 of GCC's
 * own execute tests).  The plugin wraps the operand printer and writes the
 * target's IEEE bits for such operands, the way the constant is laid out in
 * memory; every other operand is printed by GCC as before.  */
#include "plugin/gcc-compat.h"
#include "real.h"

static void (*inner_print_operand) (FILE *, rtx, int);

static void
print_float_operand (FILE *file, rtx op, int code)
{
  if (GET_CODE (op) == CONST_DOUBLE && SCALAR_FLOAT_MODE_P (GET_MODE (op)))
    {
      long words[2] = { 0, 0 };
      const REAL_VALUE_TYPE *r = CONST_DOUBLE_REAL_VALUE (op);
      unsigned size = GET_MODE_SIZE (GET_MODE (op)).to_constant ();
      if (size == 4)
	{
	  REAL_VALUE_TO_TARGET_SINGLE (*r, words[0]);
	  fprintf (file, "0x%lx", (unsigned long) words[0] & 0xffffffffUL);
	  return;
	}
      if (size == 8)
	{
	  /* Two 32-bit words in target order: little-endian BPF puts the
	     low word first.  */
	  REAL_VALUE_TO_TARGET_DOUBLE (*r, words);
	  unsigned long lo = words[WORDS_BIG_ENDIAN ? 1 : 0] & 0xffffffffUL;
	  unsigned long hi = words[WORDS_BIG_ENDIAN ? 0 : 1] & 0xffffffffUL;
	  fprintf (file, "0x%08lx%08lx", hi, lo);
	  return;
	}
    }
  inner_print_operand (file, op, code);
}

void
bpfs_float_constants_init (void)
{
  if (!bpfs_options.float_constants)
    return;
  inner_print_operand = targetm.asm_out.print_operand;
  targetm.asm_out.print_operand = print_float_operand;
}
