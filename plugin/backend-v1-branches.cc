/* backend-v1-branches.cc: `<' and `<=' jumps at cpu v1 written as `>' and
   `>=' with their operands swapped, since bpf-gcc 12 gets that wrong.
 *
 * cpu v1 has no jlt, jle, jslt, jsle.  GCC 12's bpf_expand_cbranch
 * (config/bpf/bpf.cc), which expands every conditional jump without
 * -mjmpext, replaces `a < b' by reverse_condition's `>=' and then swaps the
 * operands: `b >= a', which is `a <= b'.  The right pair is swap_condition
 * with the swap.  So at -mcpu=v1 (clang-19's default) `a <= b' was computed
 * as `a < b' and `a < b' as `a <= b', silently: `(x <= 1)' read 0 for x =
 * 1, and loops ran one round more or never ended.
 *
 * Two passes.  Before expansion (a GIMPLE pass after "optimized": an RTL pass cannot
 * run before "expand") the backend is told it has the
 * extended jumps (x_bpf_has_jmpext), so every jump is expanded as written;
 * just before register allocation (passes in between, loop unrolling
 * among them, may expand jumps too) the flag is put back and every `<' and
 * `<=' jump becomes `>'/`>=' with swapped operands, a constant first
 * operand loaded into a new register, as clang does at v1.  Nothing after
 * register allocation moves a constant into a jump's first operand (the
 * pattern wants a register there), so the object has no v1-foreign jump;
 * GCC 12 alone left jle/jlt at v1 wherever a later pass made them.  */
#include "plugin/gcc-compat.h"
#include "memmodel.h"
#include "emit-rtl.h"
#include "insn-config.h"
#include "recog.h"
#include "expr.h"

/* The backend's own setting, read once (-1: not yet): 0 at v1.  */
static int jmpext_wanted = -1;

unsigned int
bpfs_v1_branches_before_expand (function *)
{
  if (jmpext_wanted < 0)
    jmpext_wanted = global_options.x_bpf_has_jmpext;
  if (!jmpext_wanted)
    global_options.x_bpf_has_jmpext = 1;
  return 0;
}

/* X in a register of MODE: X itself, or a new one loaded (into *LOADS)
   with X.  */
static rtx
in_register (rtx x, machine_mode mode, rtx_insn **loads)
{
  if (REG_P (x))
    return x;
  rtx reg = gen_reg_rtx (mode);
  if (*loads)
    push_to_sequence (*loads);
  else
    start_sequence ();
  emit_move_insn (reg, x);
  *loads = get_insns ();
  end_sequence ();
  return reg;
}

/* INSN's `<'-family jump as `>'-family one; false where the backend does
   not take the result (the jump is then left as GCC made it).  */
static bool
swap_less_than (rtx_insn *insn)
{
  rtx set = pc_set (insn);
  if (!set || GET_CODE (SET_SRC (set)) != IF_THEN_ELSE)
    return true;
  rtx cond = XEXP (SET_SRC (set), 0);
  enum rtx_code code = GET_CODE (cond);
  if (code != LT && code != LE && code != LTU && code != LEU)
    return true;
  rtx a = XEXP (cond, 0), b = XEXP (cond, 1);
  machine_mode mode = GET_MODE (a) != VOIDmode ? GET_MODE (a) : GET_MODE (b);
  rtx_insn *load = NULL;
  b = in_register (b, mode, &load);
  if (!REG_P (a) && !(CONST_INT_P (a) && IN_RANGE (INTVAL (a),
						     -0x80000000LL,
						     0x7fffffffLL)))
    a = in_register (a, mode, &load);
  rtx swapped = gen_rtx_fmt_ee (swap_condition (code), GET_MODE (cond), b, a);
  if (!validate_change (insn, &XEXP (SET_SRC (set), 0), swapped, 0))
    return false;
  if (load)
    emit_insn_before_setloc (load, insn, INSN_LOCATION (insn));
  return true;
}

unsigned int
bpfs_v1_branches_before_ira (function *fun)
{
  if (jmpext_wanted != 0)
    return 0;
  global_options.x_bpf_has_jmpext = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      rtx_insn *jump = BB_END (bb);
      if (any_condjump_p (jump) && !swap_less_than (jump))
	error_at (INSN_LOCATION (jump), "internal error: a %<<%> jump "
		  "has no cpu v1 form");
    }
  return 0;
}
