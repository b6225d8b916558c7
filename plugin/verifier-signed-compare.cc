/* verifier-signed-compare.cc: a signed compare of values that cannot be
   negative is made unsigned.
 *
 * Packet pointers come from 32-bit context fields, and programs compare
 * them as `long': `if ((long)(iph + 1) > (long)skb->data_end)' (the
 * selftests' test_tc_bpf.c).  In C both sides are a zero-extended
 * 32-bit value plus a small offset, so they are not negative, and a
 * signed and an unsigned compare are the same; LLVM knows those bits and
 * emits the unsigned jump.  GCC does not follow the range through the
 * pointer cast and emits `jsgt'.  The verifier learns a packet range only
 * from unsigned compares of packet pointers, and without CAP_PERFMON it
 * refuses a signed one ("R2 pointer comparison prohibited").
 *
 * In the late pass (after "optimized", every -O level), a comparison
 * < <= > >= of a signed 64-bit type whose operands are both proved in
 * [0, 2^62) compares them as unsigned long.  The proof follows SSA
 * definitions: a conversion from an unsigned type narrower than 64 bits
 * (the zero extension) bounds the value; a conversion between 64-bit
 * integers and pointers, and the addition of a constant in [0, 2^31),
 * carry the bound; a non-negative constant is its own.  Anything else
 * (a load, a parameter, a negative offset) proves nothing, and the
 * compare stays signed.  */
#include "plugin/gcc-compat.h"
#include "plugin/verifier.h"

/* The bound on T as a value in [0, *BOUND], or false.  DEPTH limits the
   walk.  */
static bool
nonnegative_bound (tree t, unsigned HOST_WIDE_INT *bound, int depth)
{
  const unsigned HOST_WIDE_INT limit = HOST_WIDE_INT_1U << 62;
  if (TREE_CODE (t) == INTEGER_CST)
    {
      if (tree_int_cst_sgn (t) < 0 || !tree_fits_uhwi_p (t) || tree_to_uhwi (t) >= limit)
	return false;
      *bound = tree_to_uhwi (t);
      return true;
    }
  if (TREE_CODE (t) != SSA_NAME || depth > 8)
    return false;
  gimple *def = SSA_NAME_DEF_STMT (t);
  if (!is_gimple_assign (def))
    return false;
  enum tree_code code = gimple_assign_rhs_code (def);
  tree a = gimple_assign_rhs1 (def);
  tree from = TREE_TYPE (a);
  if (CONVERT_EXPR_CODE_P (code))
    {
      if (INTEGRAL_TYPE_P (from) && TYPE_UNSIGNED (from) && TYPE_PRECISION (from) < 62)
	{
	  *bound = (HOST_WIDE_INT_1U << TYPE_PRECISION (from)) - 1;
	  return true;
	}
      if ((INTEGRAL_TYPE_P (from) || POINTER_TYPE_P (from)) && TYPE_PRECISION (from) == 64)
	return nonnegative_bound (a, bound, depth + 1);
      return false;
    }
  if (code == POINTER_PLUS_EXPR || code == PLUS_EXPR)
    {
      tree off = gimple_assign_rhs2 (def);
      if (TREE_CODE (off) != INTEGER_CST || !tree_fits_uhwi_p (off)
	  || tree_to_uhwi (off) >= (HOST_WIDE_INT_1U << 31))
	return false;
      /* an unsigned type of 64 bits at most: the sum of two values
	 below 2^62 does not wrap */
      if (TYPE_PRECISION (TREE_TYPE (t)) > 64 || !nonnegative_bound (a, bound, depth + 1))
	return false;
      *bound += tree_to_uhwi (off);
      return *bound < limit;
    }
  return false;
}

static bool
both_nonnegative (tree a, tree b)
{
  unsigned HOST_WIDE_INT ba, bb;
  return nonnegative_bound (a, &ba, 0) && nonnegative_bound (b, &bb, 0);
}

static bool
ordered_compare_p (enum tree_code code)
{
  return code == LT_EXPR || code == LE_EXPR || code == GT_EXPR || code == GE_EXPR;
}

/* A signed 64-bit integer type, the type whose compares this is about.  */
static bool
signed_64_p (tree t)
{
  tree type = TREE_TYPE (t);
  return INTEGRAL_TYPE_P (type) && !TYPE_UNSIGNED (type) && TYPE_PRECISION (type) == 64;
}

/* T as unsigned long, converted before GSI.  */
static tree
as_unsigned (gimple_stmt_iterator *gsi, tree t)
{
  tree type = long_unsigned_type_node;
  if (TREE_CODE (t) == INTEGER_CST)
    return fold_convert (type, t);
  tree u = make_ssa_name (type);
  gassign *conv = gimple_build_assign (u, NOP_EXPR, t);
  gimple_set_location (conv, gimple_location (gsi_stmt (*gsi)));
  gsi_insert_before (gsi, conv, GSI_SAME_STMT);
  return u;
}

bool
bpfs_verifier_signed_compares (function *fun)
{
  bool changed = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (gcond *cond = dyn_cast<gcond *> (stmt))
	  {
	    tree a = gimple_cond_lhs (cond), b = gimple_cond_rhs (cond);
	    if (!ordered_compare_p (gimple_cond_code (cond)) || !signed_64_p (a)
		|| !both_nonnegative (a, b))
	      continue;
	    gimple_cond_set_lhs (cond, as_unsigned (&gsi, a));
	    gimple_cond_set_rhs (cond, as_unsigned (&gsi, b));
	    update_stmt (cond);
	    changed = true;
	  }
	else if (is_gimple_assign (stmt)
		 && ordered_compare_p (gimple_assign_rhs_code (stmt)))
	  {
	    tree a = gimple_assign_rhs1 (stmt), b = gimple_assign_rhs2 (stmt);
	    if (!signed_64_p (a) || !both_nonnegative (a, b))
	      continue;
	    gimple_assign_set_rhs1 (stmt, as_unsigned (&gsi, a));
	    gimple_assign_set_rhs2 (stmt, as_unsigned (&gsi, b));
	    update_stmt (stmt);
	    changed = true;
	  }
      }
  return changed;
}
