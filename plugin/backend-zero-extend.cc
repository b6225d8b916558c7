/* backend-zero-extend.cc: u32 -> u64 zero-extension below cpu v3 as two
   shifts, since bpf-gcc 12's own instruction keeps the upper half.
 *
 * Without alu32 (-mcpu=v1, v2, generic), GCC 12's bpf.md writes the
 * register form of zero_extendsidi2 as `mov rD,rS; and rD,0xffffffff'.
 * A 64-bit ALU immediate is sign-extended by the CPU, so that `and' is
 * `rD &= -1': the upper half survives and a wrapped u32 read as u64 keeps
 * its garbage (katran's flow hash picked another backend; `(u64)(u32)(len
 * - 1000)' read -1 >> 32).  Assemblers encode it without a word.
 *
 * Just before "shorten" (after every pass that could merge the pieces
 * again), each such instruction becomes `mov rD,rS' (when D != S),
 * `lsh rD,32', `rsh rD,32': what clang writes at these cpus.  At v3 and
 * above the template is mov32, which is right, and the pass does nothing;
 * the memory alternative (ldxw) zero-extends by itself and is left.  */
#include "plugin/gcc-compat.h"
#include "memmodel.h"
#include "emit-rtl.h"
#include "insn-config.h"
#include "recog.h"

/* INSN's zero-extension from a register, (set (reg:DI D) (zero_extend:DI
   (reg:SI S))): true with D and S, the source's register as DImode.  */
static bool
register_zero_extension (rtx_insn *insn, rtx *dest, rtx *src)
{
  rtx set = single_set (insn);
  if (!set || GET_CODE (SET_SRC (set)) != ZERO_EXTEND
      || GET_MODE (SET_SRC (set)) != DImode)
    return false;
  rtx from = XEXP (SET_SRC (set), 0);
  if (GET_MODE (from) != SImode)
    return false;
  int regno = true_regnum (from);
  if (regno < 0 || !REG_P (SET_DEST (set)))
    return false;
  *dest = SET_DEST (set);
  *src = gen_rtx_REG (DImode, regno);
  return true;
}

unsigned int
bpfs_zero_extend_below_v3 (function *fun)
{
  if (bpf_has_alu32)
    return 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      rtx_insn *insn, *next;
      FOR_BB_INSNS_SAFE (bb, insn, next)
	{
	  rtx dest, src;
	  if (!NONDEBUG_INSN_P (insn)
	      || !register_zero_extension (insn, &dest, &src))
	    continue;
	  start_sequence ();
	  if (REGNO (dest) != REGNO (src))
	    emit_insn (gen_rtx_SET (dest, src));
	  emit_insn (gen_rtx_SET (dest, gen_rtx_ASHIFT (DImode, dest,
							GEN_INT (32))));
	  emit_insn (gen_rtx_SET (dest, gen_rtx_LSHIFTRT (DImode, dest,
							  GEN_INT (32))));
	  rtx_insn *seq = get_insns ();
	  end_sequence ();
	  /* Each new instruction must be one the backend has: a mismatch
	     stops here, with the user's location, rather than in final.  */
	  for (rtx_insn *p = seq; p; p = NEXT_INSN (p))
	    if (recog_memoized (p) < 0)
	      {
		error_at (INSN_LOCATION (insn), "internal error: no "
			  "instruction for a zero-extension below cpu v3");
		return 0;
	      }
	  emit_insn_after_setloc (seq, insn, INSN_LOCATION (insn));
	  delete_insn (insn);
	}
    }
  return 0;
}
