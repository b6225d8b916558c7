/* stack-merge-copies.cc: a local copied whole into another and then dead
 * becomes that other local, so that the frame holds one object, as
 * clang's does.
 *
 * `struct addr a = get_addr (src);' with an __always_inline get_addr that
 * fills its own local and returns it: after inlining, GCC 12 keeps the
 * callee's local and the caller's variable as two stack objects and copies
 * one into the other (`a = a.1;').  tracee has eight such functions whose
 * frames went over 512 bytes with bpf-cc ("eBPF stack limit exceeded")
 * where clang-19's largest is 432: clang makes the two one object.  This
 * pass, before expansion, finds `D = S;' where:
 *   - S and D are distinct automatic variables of the same type, neither
 *     volatile nor a register variable;
 *   - every statement that names S, except its clobbers, is in the copy's
 *     block before the copy (S is dead after it), and where S's address
 *     is taken it is only a direct argument of a call whose result is not
 *     a pointer (a helper writing into it), or the base of a load or store
 *     (so no pointer to S lives on past the copy);
 *   - every statement that names D, except its clobbers, comes after the
 *     copy in its block or in a block the copy's block dominates, and no
 *     clobber of D lies in the copy's block before it (D holds nothing
 *     before the copy that S's uses could overwrite);
 * and then names D wherever S was named, drops the copy and S's clobbers.
 * The values are the same: D's storage is unused until the copy, which
 * would have written S's bytes into it.  */
#include "plugin/gcc-compat.h"

/* Whether the tree T (an operand) names DECL.  */
static tree
names_decl_r (tree *tp, int *walk_subtrees, void *data)
{
  if (*tp == (tree) data)
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

static bool
stmt_names (gimple *stmt, tree decl)
{
  for (unsigned i = 0; i < gimple_num_ops (stmt); i++)
    {
      tree op = gimple_op (stmt, i);
      if (op && walk_tree (&op, names_decl_r, decl, NULL))
	return true;
    }
  return false;
}

static bool
is_clobber_of (gimple *stmt, tree decl)
{
  return gimple_clobber_p (stmt) && gimple_assign_lhs (stmt) == decl;
}

/* Whether DECL's address is taken in STMT other than as a direct call
   argument of a call returning no pointer, or a memory reference's base.  */
static tree
escaping_address_r (tree *tp, int *walk_subtrees, void *data)
{
  tree decl = (tree) data;
  if (TREE_CODE (*tp) == ADDR_EXPR)
    {
      tree base = get_base_address (TREE_OPERAND (*tp, 0));
      if (base == decl)
	return *tp;
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

static bool
address_escapes (gimple *stmt, tree decl)
{
  if (gcall *call = dyn_cast <gcall *> (stmt))
    {
      tree lhs = gimple_call_lhs (call);
      bool ptr_result = lhs && POINTER_TYPE_P (TREE_TYPE (lhs));
      for (unsigned i = 0; i < gimple_call_num_args (call); i++)
	{
	  tree arg = gimple_call_arg (call, i);
	  if (TREE_CODE (arg) == ADDR_EXPR
	      && get_base_address (TREE_OPERAND (arg, 0)) == decl)
	    {
	      if (ptr_result)
		return true;
	      continue;
	    }
	  if (walk_tree (&arg, escaping_address_r, decl, NULL))
	    return true;
	}
      return lhs && walk_tree (&lhs, escaping_address_r, decl, NULL);
    }
  for (unsigned i = 0; i < gimple_num_ops (stmt); i++)
    {
      tree op = gimple_op (stmt, i);
      /* &S as a whole operand (p = &S): the pointer outlives the copy.  */
      if (op && walk_tree (&op, escaping_address_r, decl, NULL))
	return true;
    }
  return false;
}

static bool
mergeable_vars (tree s, tree d)
{
  return s != d && VAR_P (s) && VAR_P (d) && !TREE_STATIC (s) && !TREE_STATIC (d)
	 && !DECL_EXTERNAL (s) && !DECL_EXTERNAL (d)
	 && !TREE_THIS_VOLATILE (s) && !TREE_THIS_VOLATILE (d)
	 && !DECL_HARD_REGISTER (s) && !DECL_HARD_REGISTER (d)
	 && !is_gimple_reg (s) && !is_gimple_reg (d)
	 && TYPE_MAIN_VARIANT (TREE_TYPE (s)) == TYPE_MAIN_VARIANT (TREE_TYPE (d))
	 && DECL_ALIGN (d) >= DECL_ALIGN (s);
}

/* Replace S by D in the operands of STMT.  */
static tree
replace_decl_r (tree *tp, int *walk_subtrees, void *data)
{
  tree *pair = (tree *) data;
  if (*tp == pair[0])
    *tp = pair[1];
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Try the copy at GSI; true when it was merged away.  */
static bool
try_merge (function *fun, gimple_stmt_iterator *gsi)
{
  gimple *copy = gsi_stmt (*gsi);
  if (!gimple_assign_single_p (copy) || gimple_clobber_p (copy)
      || gimple_has_volatile_ops (copy))
    return false;
  tree d = gimple_assign_lhs (copy), s = gimple_assign_rhs1 (copy);
  if (!mergeable_vars (s, d))
    return false;
  basic_block bb = gimple_bb (copy);
  /* S: named (clobbers aside) only before the copy in its block, and
     its address kept by nothing that outlives it.  D: named (clobbers
     aside) only after the copy, and not clobbered before it here.  */
  bool before = true;
  basic_block b;
  FOR_EACH_BB_FN (b, fun)
    for (gimple_stmt_iterator i = gsi_start_bb (b); !gsi_end_p (i); gsi_next (&i))
      {
	gimple *stmt = gsi_stmt (i);
	if (stmt == copy)
	  {
	    before = false;
	    continue;
	  }
	if (is_gimple_debug (stmt))
	  continue;
	bool here = b == bb;
	bool earlier = here && before;
	if (stmt_names (stmt, s) && !is_clobber_of (stmt, s))
	  {
	    if (!earlier || address_escapes (stmt, s))
	      return false;
	  }
	if (stmt_names (stmt, d))
	  {
	    if (is_clobber_of (stmt, d))
	      {
		if (earlier)
		  return false;
	      }
	    else if (here ? earlier
		     : !dominated_by_p (CDI_DOMINATORS, b, bb))
	      return false;
	  }
      }
  /* Merge: S's statements name D, S's clobbers and the copy go.  */
  if (TREE_ADDRESSABLE (s))
    TREE_ADDRESSABLE (d) = 1;
  tree pair[2] = { s, d };
  FOR_EACH_BB_FN (b, fun)
    for (gimple_stmt_iterator i = gsi_start_bb (b); !gsi_end_p (i);)
      {
	gimple *stmt = gsi_stmt (i);
	if (is_clobber_of (stmt, s))
	  {
	    unlink_stmt_vdef (stmt);
	    gsi_remove (&i, true);
	    release_defs (stmt);
	    continue;
	  }
	if (stmt != copy && stmt_names (stmt, s))
	  {
	    for (unsigned k = 0; k < gimple_num_ops (stmt); k++)
	      {
		tree *op = gimple_op_ptr (stmt, k);
		if (*op)
		  walk_tree (op, replace_decl_r, pair, NULL);
	      }
	    update_stmt (stmt);
	  }
	gsi_next (&i);
      }
  unlink_stmt_vdef (copy);
  gsi_remove (gsi, true);
  release_defs (copy);
  /* Unused now: expansion gives no slot to a variable not TREE_USED (at
     -O0 every variable of a scope block gets one otherwise).  */
  TREE_USED (s) = 0;
  return true;
}

unsigned int
bpfs_merge_stack_copies (function *fun)
{
  /* At -O0 GCC gives every variable of every scope a slot, the merged
     one too: nothing to gain there.  */
  if (!optimize)
    return 0;
  calculate_dominance_info (CDI_DOMINATORS);
  bool changed = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);)
      if (try_merge (fun, &gsi))
	changed = true;
      else
	gsi_next (&gsi);
  /* S has no statement left, but it keeps its stack slot until it leaves
     the function's local variables (at -O1, -Og: without slot sharing).  */
  return changed ? TODO_update_ssa_only_virtuals | TODO_remove_unused_locals : 0;
}
