/* verifier-pointer-tests.cc: a pointer compared as a value is compared
   with a branch.
 *
 * `return bpf_map_lookup_elem (&m, &k) != 0;' is a comparison whose result
 * is a value.  BPF has no set-on-condition instruction, so GCC expands it
 * with arithmetic on the operand (emit_store_flag: `(p | -p) >> 63'), and
 * the verifier refuses arithmetic on a pointer it has not null-checked
 * ("math between map_value pointer and register with unbounded min
 * value").  clang (no setcc on BPF either) branches.
 *
 * In the late pass (after "optimized", every -O level) each `x = p CMP q'
 * whose operands are pointers becomes `if (p CMP q)' and x = PHI <1, 0>:
 * the verifier sees a compare of the pointer, which it understands.  */
#include "plugin/gcc-compat.h"
#include "plugin/verifier.h"
#include "cfghooks.h"
#include "cfgloop.h"
#include "tree-cfg.h"

static void
branch_on_compare (gimple *stmt)
{
  tree lhs = gimple_assign_lhs (stmt);
  enum tree_code code = gimple_assign_rhs_code (stmt);
  tree a = gimple_assign_rhs1 (stmt), b = gimple_assign_rhs2 (stmt);
  location_t loc = gimple_location (stmt);
  basic_block bb = gimple_bb (stmt);

  edge to_false = split_block (bb, stmt);
  basic_block join = to_false->dest;
  gimple_stmt_iterator gsi = gsi_for_stmt (stmt);
  gcond *cond = gimple_build_cond (code, a, b, NULL_TREE, NULL_TREE);
  gimple_set_location (cond, loc);
  gsi_replace (&gsi, cond, false);

  basic_block on_true = create_empty_bb (bb);
  if (current_loops)
    add_bb_to_loop (on_true, bb->loop_father);
  to_false->flags &= ~EDGE_FALLTHRU;
  to_false->flags |= EDGE_FALSE_VALUE;
  to_false->probability = profile_probability::even ();
  edge to_true = make_edge (bb, on_true, EDGE_TRUE_VALUE);
  to_true->probability = profile_probability::even ();
  on_true->count = to_true->count ();
  edge from_true = make_single_succ_edge (on_true, join, EDGE_FALLTHRU);

  tree type = TREE_TYPE (lhs);
  gphi *phi = create_phi_node (lhs, join);
  add_phi_arg (phi, build_one_cst (type), from_true, loc);
  add_phi_arg (phi, build_zero_cst (type), to_false, loc);
}

bool
bpfs_verifier_pointer_tests (function *fun)
{
  auto_vec<gimple *> compares;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (is_gimple_assign (stmt)
	    && TREE_CODE_CLASS (gimple_assign_rhs_code (stmt)) == tcc_comparison
	    && TREE_CODE (gimple_assign_lhs (stmt)) == SSA_NAME
	    && POINTER_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (stmt))))
	  compares.safe_push (stmt);
      }
  if (compares.is_empty ())
    return false;
  free_dominance_info (CDI_DOMINATORS);
  free_dominance_info (CDI_POST_DOMINATORS);
  for (gimple *stmt : compares)
    branch_on_compare (stmt);
  return true;
}

/* ------------------------------------------- packet bounds, unfolded

   `if (data + len + 10 > end) return; *(char *)(data + len) = 1;': GCC's
   folders reassociate the bound to data + (len + 10), a pointer with the
   variable offset len + 10, unrelated for the verifier to data + len (a
   different variable offset): the check proved nothing about the store
   ("R0 offset is outside of the packet").  clang keeps (data + len) + 10,
   whose variable part is the store's and whose constant part the verifier
   tracks as a range.  In the late pass every `q = p + (x + C)' becomes
   `t = p + x; q = t + C' again, and each `p + x' that t dominates is t
   (at -O1 RTL does not CSE across blocks): the access and the check then
   share the verifier's id for p + x.  */

/* Uses of T's value p + X below T's definition become T.  */
static void
reuse_sum (gimple *tdef, tree t, tree p, tree x)
{
  auto_vec<gimple *> same;
  imm_use_iterator it;
  gimple *use;
  FOR_EACH_IMM_USE_STMT (use, it, x)
    if (use != tdef && is_gimple_assign (use)
	&& gimple_assign_rhs_code (use) == POINTER_PLUS_EXPR
	&& gimple_assign_rhs1 (use) == p && gimple_assign_rhs2 (use) == x
	&& gimple_bb (use) != gimple_bb (tdef)
	&& dominated_by_p (CDI_DOMINATORS, gimple_bb (use), gimple_bb (tdef)))
      same.safe_push (use);
  for (gimple *g : same)
    {
      gimple_stmt_iterator gsi = gsi_for_stmt (g);
      gimple_assign_set_rhs_from_tree (&gsi, t);
      update_stmt (gsi_stmt (gsi));
    }
}
bool
bpfs_verifier_pointer_offsets (function *fun)
{
  bool changed = false;
  auto_vec<gimple *> sums;
  calculate_dominance_info (CDI_DOMINATORS);
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (!is_gimple_assign (stmt)
	    || gimple_assign_rhs_code (stmt) != POINTER_PLUS_EXPR
	    || TREE_CODE (gimple_assign_rhs2 (stmt)) != SSA_NAME)
	  continue;
	gimple *def = SSA_NAME_DEF_STMT (gimple_assign_rhs2 (stmt));
	if (!is_gimple_assign (def) || gimple_assign_rhs_code (def) != PLUS_EXPR
	    || TREE_CODE (gimple_assign_rhs1 (def)) != SSA_NAME
	    || TREE_CODE (gimple_assign_rhs2 (def)) != INTEGER_CST)
	  continue;
	tree p = gimple_assign_rhs1 (stmt);
	tree t = make_ssa_name (TREE_TYPE (p));
	gassign *g = gimple_build_assign (t, POINTER_PLUS_EXPR, p,
					  gimple_assign_rhs1 (def));
	gimple_set_location (g, gimple_location (stmt));
	gsi_insert_before (&gsi, g, GSI_SAME_STMT);
	gimple_assign_set_rhs1 (stmt, t);
	gimple_assign_set_rhs2 (stmt, gimple_assign_rhs2 (def));
	update_stmt (stmt);
	sums.safe_push (g);
	changed = true;
      }
  for (gimple *g : sums)
    if (gimple_assign_rhs_code (g) == POINTER_PLUS_EXPR)
      reuse_sum (g, gimple_assign_lhs (g), gimple_assign_rhs1 (g),
		 gimple_assign_rhs2 (g));
  return changed;
}

/* ------------------------------------------- pointer equality, in one
   direction

   `if (ctx->sk != sk1) goto out; ... bpf_sk_release (sk1);': where the
   test fails the two pointers are equal.  For the verifier they differ:
   sk1 is the reference the program holds (non-null, checked), ctx->sk a
   socket pointer that may be null.  clang's GVN replaces the later value
   by the earlier one where they are equal (ctx->sk->family is read
   through sk1), which the verifier accepts.  RTL's CSE records the
   equivalence too (record_jump_equiv) but may replace either way: it
   passed the register holding ctx->sk to the release ("R1 must be
   referenced when passed to release function": the kernel's
   test_sk_lookup.c, whose 50 subtests share one skeleton) or read fields
   through it ("invalid mem access 'sock_or_null'").

   In the late pass, for each `if (p == q)' or `if (p != q)' of two
   pointers, neither a constant: where they are equal (the blocks the
   equal edge dominates, its destination having no other predecessor),
   uses of the later-defined one become the earlier one, as in clang; and
   the compare itself reads copies of both made by an empty asm, so that
   RTL learns nothing from it to replace anything with.  The verifier sees
   two register moves, which keep each pointer's kind and id.  Null tests
   (a constant operand) are left alone: the equivalence with 0 is what the
   verifier itself learns there.  */

/* Whether SSA name A is defined before B: a parameter's value is there
   from the start; otherwise A's definition dominates B's (in one block,
   comes first).  */
static bool
defined_before (tree a, tree b)
{
  if (SSA_NAME_IS_DEFAULT_DEF (b))
    return false;
  if (SSA_NAME_IS_DEFAULT_DEF (a))
    return true;
  gimple *da = SSA_NAME_DEF_STMT (a), *db = SSA_NAME_DEF_STMT (b);
  basic_block ba = gimple_bb (da), bb = gimple_bb (db);
  if (!ba || !bb)
    return false;
  if (ba == bb)
    return gimple_uid (da) < gimple_uid (db);
  return dominated_by_p (CDI_DOMINATORS, bb, ba);
}

/* Uses of LATER in the blocks REGION dominates become EARLIER.  */
static void
replace_where_equal (tree later, tree earlier, basic_block region)
{
  imm_use_iterator it;
  use_operand_p use;
  gimple *stmt;
  FOR_EACH_IMM_USE_STMT (stmt, it, later)
    {
      basic_block where = gimple_bb (stmt);
      if (gphi *phi = dyn_cast<gphi *> (stmt))
	{
	  /* A PHI argument is used at the end of its incoming edge's
	     source.  */
	  FOR_EACH_IMM_USE_ON_STMT (use, it)
	    {
	      edge e = gimple_phi_arg_edge (phi, PHI_ARG_INDEX_FROM_USE (use));
	      if (dominated_by_p (CDI_DOMINATORS, e->src, region))
		SET_USE (use, earlier);
	    }
	  continue;
	}
      if (is_gimple_debug (stmt) || !where
	  || !dominated_by_p (CDI_DOMINATORS, where, region))
	continue;
      FOR_EACH_IMM_USE_ON_STMT (use, it)
	SET_USE (use, earlier);
      update_stmt (stmt);
    }
}

bool
bpfs_verifier_pointer_equality (function *fun)
{
  auto_vec<gcond *> conds;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      gcond *cond = safe_dyn_cast<gcond *> (last_stmt (bb));
      if (!cond
	  || (gimple_cond_code (cond) != EQ_EXPR
	      && gimple_cond_code (cond) != NE_EXPR))
	continue;
      tree a = gimple_cond_lhs (cond), b = gimple_cond_rhs (cond);
      if (TREE_CODE (a) == SSA_NAME && TREE_CODE (b) == SSA_NAME
	  && POINTER_TYPE_P (TREE_TYPE (a)) && POINTER_TYPE_P (TREE_TYPE (b)))
	conds.safe_push (cond);
    }
  if (conds.is_empty ())
    return false;
  calculate_dominance_info (CDI_DOMINATORS);
  renumber_gimple_stmt_uids (fun);
  for (gcond *cond : conds)
    {
      tree a = gimple_cond_lhs (cond), b = gimple_cond_rhs (cond);
      edge on_true, on_false;
      extract_true_false_edges_from_block (gimple_bb (cond), &on_true,
					   &on_false);
      basic_block region = (gimple_cond_code (cond) == EQ_EXPR
			    ? on_true : on_false)->dest;
      if (single_pred_p (region) && a != b)
	{
	  if (defined_before (a, b))
	    replace_where_equal (b, a, region);
	  else if (defined_before (b, a))
	    replace_where_equal (a, b, region);
	}
      gimple_stmt_iterator gsi = gsi_for_stmt (cond);
      location_t loc = gimple_location (cond);
      gimple_cond_set_lhs (cond, bpfs_opaque_copy (&gsi, a, loc));
      gimple_cond_set_rhs (cond, bpfs_opaque_copy (&gsi, b, loc));
      update_stmt (cond);
    }
  return true;
}

/* ------------------------------------------- 32-bit parameters, widened
   once and compared widened

   `int f (struct __sk_buff *skb, __u32 off) { ... if (off > 54) return
   -1; tcp = data + off; if (tcp + 1 > data_end) ...': GCC compares the
   32-bit register (`if w2 > 54') and adds a 64-bit copy of it made at the
   function's entry (the target's argument promotion, `w3 = w2').  The
   verifier bounds w2 at the check and knows nothing more of r3 ("R0
   offset is outside of the packet": the kernel's test_pkt_access.c, which
   test_pkt_access and prog_run_opts load).  clang zero-extends the
   parameter in its register first and compares the 64-bit value, so the
   check bounds what is added.  The late pass does the same for each
   unsigned 32-bit parameter that is widened to 64 bits: one widening at
   the function's entry (kept whole by an empty asm), every widening of the
   parameter replaced by it, and every compare of the parameter with a
   constant made on it.  */

static bool
unsigned_32bit_parameter_p (tree t)
{
  return TREE_CODE (t) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF (t)
	 && SSA_NAME_VAR (t) && TREE_CODE (SSA_NAME_VAR (t)) == PARM_DECL
	 && INTEGRAL_TYPE_P (TREE_TYPE (t)) && TYPE_UNSIGNED (TREE_TYPE (t))
	 && TYPE_PRECISION (TREE_TYPE (t)) == 32;
}

bool
bpfs_verifier_parameter_widening (function *fun)
{
  bool changed = false;
  for (tree parm = DECL_ARGUMENTS (fun->decl); parm; parm = DECL_CHAIN (parm))
    {
      tree p = ssa_default_def (fun, parm);
      if (!p || !unsigned_32bit_parameter_p (p))
	continue;
      auto_vec<gassign *> widenings;
      auto_vec<gcond *> compares;
      imm_use_iterator it;
      gimple *use;
      FOR_EACH_IMM_USE_STMT (use, it, p)
	if (gassign *g = dyn_cast<gassign *> (use))
	  {
	    if (CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (g))
		&& INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_lhs (g)))
		&& TYPE_PRECISION (TREE_TYPE (gimple_assign_lhs (g))) == 64)
	      widenings.safe_push (g);
	  }
	else if (gcond *c = dyn_cast<gcond *> (use))
	  {
	    if (gimple_cond_lhs (c) == p
		&& TREE_CODE (gimple_cond_rhs (c)) == INTEGER_CST)
	      compares.safe_push (c);
	  }
      if (widenings.is_empty ())
	continue;
      /* The one widening, at the start of the function, through an
	 empty asm: RTL would otherwise narrow the compares again (a
	 zero-extended value is above 54 when the 32-bit one is).  */
      tree zext = make_ssa_name (long_long_unsigned_type_node);
      gassign *w = gimple_build_assign (zext, NOP_EXPR, p);
      gimple_stmt_iterator entry
	= gsi_after_labels (single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun)));
      gsi_insert_before (&entry, w, GSI_SAME_STMT);
      tree wide = bpfs_opaque_copy (&entry, zext, gimple_location (w));
      for (gassign *g : widenings)
	{
	  tree to = TREE_TYPE (gimple_assign_lhs (g));
	  gimple_stmt_iterator gsi = gsi_for_stmt (g);
	  if (useless_type_conversion_p (to, TREE_TYPE (wide)))
	    gimple_assign_set_rhs_from_tree (&gsi, wide);
	  else
	    gimple_assign_set_rhs1 (g, wide);
	  update_stmt (gsi_stmt (gsi));
	}
      for (gcond *c : compares)
	{
	  gimple_cond_set_lhs (c, wide);
	  gimple_cond_set_rhs (c, fold_convert (TREE_TYPE (wide),
						gimple_cond_rhs (c)));
	  update_stmt (c);
	}
      changed = true;
    }
  return changed;
}
