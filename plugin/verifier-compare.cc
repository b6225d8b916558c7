/* verifier-compare.cc: conditional jumps compare with an immediate, and
   constants stay constants, not registers that hold the same value.
 *
 * The verifier learns that a map value pointer is not NULL only from a
 * compare with the immediate 0 (`if r0 == 0'); `if r0 == r1' with r1 = 0
 * teaches it nothing, and the next access through r0 is refused ("R0
 * invalid mem access 'map_value_or_null'").  GCC's post-reload CSE
 * (reload_cse_simplify_operands in postreload.cc) rewrites an operand into
 * any register known to hold the same value, and prefers the register: at
 * -Os, where the 0 the program stores next is loaded before the null check,
 * `jeq r0, 0' became `mov r1, 0; jeq r0, r1'.  The pass has no switch.
 *
 * Right after it, this RTL pass puts the immediate back: for each
 * conditional jump comparing two registers, where the second (or, for ==
 * and !=, the first) was last set in the same basic block to a constant
 * that fits a 32-bit immediate, with no call in between, the register
 * becomes the constant (validate_change: only where the jump pattern takes
 * it).  The constant load stays for its other uses; when it has none,
 * later dead code elimination removes it.  */
#include "plugin/gcc-compat.h"
#include "plugin/verifier.h"
#include "memmodel.h"
#include "emit-rtl.h"
#include "insn-config.h"
#include "recog.h"

/* The constant REG holds right before INSN, from an earlier instruction of
   the same basic block; NULL_RTX when unknown.  */
static rtx
constant_in_reg (rtx_insn *insn, rtx reg)
{
  rtx_insn *head = BB_HEAD (BLOCK_FOR_INSN (insn));
  for (rtx_insn *p = insn; p != head;)
    {
      p = PREV_INSN (p);
      if (!p)
	return NULL_RTX;
      if (!NONDEBUG_INSN_P (p))
	continue;
      if (CALL_P (p))
	return NULL_RTX;
      if (!reg_set_p (reg, p))
	continue;
      rtx set = single_set (p);
      if (!set || !REG_P (SET_DEST (set))
	  || REGNO (SET_DEST (set)) != REGNO (reg)
	  || GET_MODE (SET_DEST (set)) != GET_MODE (reg)
	  || !CONST_INT_P (SET_SRC (set)))
	return NULL_RTX;
      HOST_WIDE_INT c = INTVAL (SET_SRC (set));
      if (c < -0x80000000LL || c > 0x7fffffffLL)
	return NULL_RTX;
      return SET_SRC (set);
    }
  return NULL_RTX;
}

unsigned int
bpfs_immediate_compares (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      rtx_insn *jump = BB_END (bb);
      if (!any_condjump_p (jump))
	continue;
      rtx set = pc_set (jump);
      if (!set || GET_CODE (SET_SRC (set)) != IF_THEN_ELSE)
	continue;
      rtx cond = XEXP (SET_SRC (set), 0);
      if (!COMPARISON_P (cond))
	continue;
      rtx a = XEXP (cond, 0), b = XEXP (cond, 1);
      if (!REG_P (a) || !REG_P (b))
	continue;
      if (rtx c = constant_in_reg (jump, b))
	{
	  validate_change (jump, &XEXP (cond, 1), c, 0);
	  continue;
	}
      enum rtx_code code = GET_CODE (cond);
      if (code != EQ && code != NE)
	continue;
      if (rtx c = constant_in_reg (jump, a))
	{
	  validate_change (jump, &XEXP (cond, 0), b, 1);
	  validate_change (jump, &XEXP (cond, 1), c, 1);
	  apply_change_group ();
	}
    }
  return 0;
}

/* BPF instructions take any 32-bit immediate (ALU, jumps, stores): such a
   constant costs nothing, like a register.  GCC 12's BPF backend leaves
   constants at the default cost of one instruction, so CSE (cse2, with the
   equivalences a branch proves) replaced a 0 by a register known to hold
   0 there: `bpf_sk_storage_get (&map, sk, 0, F)' passed r3 = the optname
   tested == 0 before, and the verifier refused it ("R3 type=scalar
   expected=fp, ...": it wants the literal NULL).  At equal cost CSE keeps
   the constant.  */
static bool (*gcc_rtx_costs) (rtx, machine_mode, int, int, int *, bool);

static bool
rtx_costs (rtx x, machine_mode mode, int outer_code, int opno, int *total,
	   bool speed)
{
  if (CONST_INT_P (x) && INTVAL (x) >= -0x80000000LL
      && INTVAL (x) <= 0x7fffffffLL)
    {
      *total = 0;
      return true;
    }
  /* A multiplication is one instruction too.  At the default cost of five,
     GCC synthesised `x * 28' as `((x << 3) - x) << 2', and the verifier,
     which does not know that x << 3 and x move together, lost the bounds
     of an array index ("math between map_value pointer and register with
     unbounded min value"); clang multiplies.  */
  if (GET_CODE (x) == MULT && INTEGRAL_MODE_P (mode))
    {
      *total = COSTS_N_INSNS (1);
      return false;
    }
  /* A call costs more than any inline sequence.  Where GCC weighs two
     expansions (a division whose operands are known non-negative is
     expanded as a signed one, a call to __divdi3, and as an unsigned
     `div'), the call must lose: a BPF program cannot call a library.
     With constants free (above) the call's sequence had become the
     cheaper one and tcp_ca_write_sk_pacing.c's rate computation a call
     to __divdi3.  */
  if (GET_CODE (x) == CALL)
    {
      *total = COSTS_N_INSNS (100);
      return true;
    }
  return gcc_rtx_costs (x, mode, outer_code, opno, total, speed);
}

void
bpfs_verifier_compare_init (void)
{
  gcc_rtx_costs = targetm.rtx_costs;
  targetm.rtx_costs = rtx_costs;
}
