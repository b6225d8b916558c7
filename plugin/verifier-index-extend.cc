/* verifier-index-extend.cc: a signed 32-bit value that is known to be
   non-negative is widened to 64 bits by zero-extension, the same
   extension its range check used, so that the verifier sees one value.
 *
 * `int i = e->pos; if (i >= 0 && i < 600) e->stack[i] = 7;' at -mcpu=v2
 * (no alu32): GCC folds the check into `(unsigned) i <= 599', made on a
 * zero-extended copy of i (`r2 = r1 >> 32' after `r1 <<= 32'), and indexes
 * with a sign-extended copy (`r1 s>>= 32').  The verifier bounds the
 * register it compared, not the other one: "math between map_value
 * pointer and register with unbounded min value is not allowed".  clang
 * indexes with the register it checked.  Where GCC's range analysis
 * (ranger) proves the value non-negative at a use, sign- and
 * zero-extension give the same 64-bit value; the use then takes
 * `(unsigned) i', which RTL's CSE merges with the check's own
 * zero-extension, so the checked register is the index.  Selftests:
 * pyperf600_iter.c at v2 (bpf_for's `i >= 0 && i < 600').
 *
 * Uses rewritten: a widening conversion of the value (`(long) i'), an
 * array index (`a[i]', widened when expanded), and an ordering compare
 * with a non-negative constant, made unsigned: `sel %= a->nxfrm; if (sel
 * < 32) ... a->nxfrms[sel]' (loxilb's dp_sel_nat_ep at -mcpu=v1, where the
 * verifier knows nothing after `%='): GCC compared `if r6 s<= 31', which
 * bounds the register from above only, and the index was refused ("math
 * between map_value pointer and register with unbounded min value");
 * clang compares unsigned, `if r6 > 31', which bounds both sides.  For a
 * value proven non-negative both compares take the same branch.  In the
 * late pass (after
 * "optimized", optimizing only: ranger needs the optimizers' SSA form to
 * say anything useful).  */
#include "plugin/gcc-compat.h"
#include "plugin/verifier.h"
#include "plugin/lower.h"
#include "gimple-range.h"

/* NAME is a signed integer SSA name narrower than 64 bits that RANGER
   proves non-negative at STMT.  */
static bool
nonnegative_narrow_p (gimple_ranger *ranger, tree name, gimple *stmt)
{
  if (!name || TREE_CODE (name) != SSA_NAME)
    return false;
  tree type = TREE_TYPE (name);
  if (!INTEGRAL_TYPE_P (type) || TYPE_UNSIGNED (type)
      || TYPE_PRECISION (type) >= 64)
    return false;
  int_range_max r;
  if (!ranger->range_of_expr (r, name, stmt) || r.undefined_p ()
      || r.varying_p ())
    return false;
  return wi::ges_p (r.lower_bound (), 0);
}

/* `(unsigned T) NAME' inserted before GSI.  */
static tree
unsigned_copy (gimple_stmt_iterator *gsi, tree name)
{
  return bpfs_convert (gsi, gimple_location (gsi_stmt (*gsi)),
		       unsigned_type_for (TREE_TYPE (name)), name);
}

/* The ARRAY_REFs of the reference REF (an operand of the statement at
   GSI) whose index is a non-negative narrow signed value index with its
   unsigned copy.  */
static bool
rewrite_array_indexes (gimple_ranger *ranger, gimple_stmt_iterator *gsi,
		       tree ref)
{
  bool changed = false;
  gimple *stmt = gsi_stmt (*gsi);
  while (ref && handled_component_p (ref))
    {
      if (TREE_CODE (ref) == ARRAY_REF
	  && nonnegative_narrow_p (ranger, TREE_OPERAND (ref, 1), stmt))
	{
	  TREE_OPERAND (ref, 1) = unsigned_copy (gsi, TREE_OPERAND (ref, 1));
	  changed = true;
	}
      ref = TREE_OPERAND (ref, 0);
    }
  return changed;
}

/* The compare of COND, `x OP c' with x a signed SSA name RANGER proves
   non-negative and c a non-negative constant, made on `(unsigned) x'.  */
static bool
rewrite_nonnegative_compare (gimple_ranger *ranger, gcond *cond)
{
  tree x = gimple_cond_lhs (cond), c = gimple_cond_rhs (cond);
  enum tree_code code = gimple_cond_code (cond);
  if (code != LT_EXPR && code != LE_EXPR && code != GT_EXPR && code != GE_EXPR)
    return false;
  if (TREE_CODE (x) != SSA_NAME || TREE_CODE (c) != INTEGER_CST
      || tree_int_cst_sgn (c) < 0 || !INTEGRAL_TYPE_P (TREE_TYPE (x))
      || TYPE_UNSIGNED (TREE_TYPE (x)) || TYPE_PRECISION (TREE_TYPE (x)) > 64)
    return false;
  int_range_max r;
  if (!ranger->range_of_expr (r, x, cond) || r.undefined_p () || r.varying_p ()
      || !wi::ges_p (r.lower_bound (), 0))
    return false;
  gimple_stmt_iterator gsi = gsi_for_stmt (cond);
  tree ux = unsigned_copy (&gsi, x);
  gimple_cond_set_lhs (cond, ux);
  gimple_cond_set_rhs (cond, fold_convert (TREE_TYPE (ux), c));
  update_stmt (cond);
  return true;
}

bool
bpfs_verifier_nonnegative_indexes (function *fun)
{
  if (!optimize)
    return false;
  bool changed = false;
  calculate_dominance_info (CDI_DOMINATORS);
  gimple_ranger *ranger = enable_ranger (fun);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (gcond *cond = dyn_cast <gcond *> (stmt))
	  {
	    changed |= rewrite_nonnegative_compare (ranger, cond);
	    continue;
	  }
	if (!is_gimple_assign (stmt))
	  continue;
	bool here = false;
	tree lhs = gimple_assign_lhs (stmt);
	tree rhs = gimple_assign_rhs1 (stmt);
	if (CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (stmt))
	    && INTEGRAL_TYPE_P (TREE_TYPE (lhs))
	    && TYPE_PRECISION (TREE_TYPE (lhs)) == 64
	    && nonnegative_narrow_p (ranger, rhs, stmt))
	  {
	    gimple_assign_set_rhs1 (stmt, unsigned_copy (&gsi, rhs));
	    here = true;
	  }
	else if (gimple_assign_single_p (stmt))
	  {
	    here |= rewrite_array_indexes (ranger, &gsi, lhs);
	    here |= rewrite_array_indexes (ranger, &gsi, rhs);
	  }
	if (here)
	  {
	    update_stmt (stmt);
	    changed = true;
	  }
      }
  disable_ranger (fun);
  return changed;
}
