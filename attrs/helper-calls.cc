/* helper-calls.cc: every call to a BPF helper becomes `call N'.
 *
 * libbpf declares helpers as initialized static pointers,
 *     static long (*bpf_map_lookup_elem)(void *, const void *) = (void *) 1;
 * GCC 12 compiles a call through such a pointer to a direct `call 1' only
 * when the optimizers happen to fold the pointer's value into the call; at
 * -O0, or when the value is kept in a register (the same helper called
 * twice, an argument equal to the helper's number), it is an indirect call,
 * which BPF does not have.  A kernel_helper(N) pointer has no value at all
 * (it is zero in memory), so once an optimizer folds a load of it, what is
 * left is a silent `call 0'.
 *
 * This pass runs right after the function is put into SSA form, at every
 * optimization level and before any optimizer can hide where a callee came
 * from:
 *   - a load of anything that names helper N (a kernel_helper variable,
 *     struct member or typedef, or a static pointer initialized with N that
 *     nothing writes or takes the address of) becomes the constant N, so
 *     that wherever the pointer flows (phis, locals, struct copies, inlined
 *     parameters, returned values) it carries N, exactly as libbpf's
 *     `(void *) N' pointers do with clang;
 *   - a store into a kernel_helper variable or member is an error (the
 *     attribute, not the stored value, says what a call through it does);
 *   - each indirect call's callee is traced back (SSA copies, conversions,
 *     phis, loads, and through memory to the store that reached the load)
 *     to the helper numbers it can be.  One number: the call becomes a
 *     direct call to an external declaration carrying kernel_helper(N),
 *     which the backend prints as `call N'.  Several (a ?: or if/else
 *     between helpers): the call is split into one `call N' per number,
 *     selected by comparing the pointer's value (which is N) with each.
 * The late lowering pass (lowering.cc) runs the call part again after the
 * optimizers, which by then may have propagated a helper's value from an
 * inlined caller or through memory.  A callee still unknown stays an
 * indirect call, which check-calls.cc reports as an error at the call:
 * never a `call 0'.  The pointer variable itself is no longer forced into
 * .data at -O0 (clang does not emit unused helper pointers either).  A
 * libbpf-style pointer the program writes is no helper: calls through it
 * are that same error.  */
#include "plugin/gcc-compat.h"
#include "cfghooks.h"
#include "cfgloop.h"
#include "tree-cfg.h"

/* Helper pointers known to hold a constant: VAR_DECL -> helper number.  */
static hash_map<tree, HOST_WIDE_INT> *constant_helper_vars;
/* One external declaration per helper number.  */
static hash_map<int_hash<HOST_WIDE_INT, -1, -2>, tree> *helper_decls;
/* The trees in both maps, chained so that the garbage collector keeps them
   (a collected key's address could be reused by another tree).  */
static tree helper_gc_roots;
const struct ggc_root_tab bpfs_helper_root_tab[] = {
  { &helper_gc_roots, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

static HOST_WIDE_INT
valid_helper_number (tree cst)
{
  if (!cst || TREE_CODE (cst) != INTEGER_CST || !tree_fits_shwi_p (cst))
    return 0;
  HOST_WIDE_INT n = tree_to_shwi (cst);
  return n > 0 && n <= 0x7fffffff ? n : 0;
}

/* The helper number that a value loaded from REF (a declaration or a
   memory reference) must hold, or 0.  */
static HOST_WIDE_INT
ref_helper_number (tree ref)
{
  HOST_WIDE_INT n = 0;
  if (DECL_P (ref))
    {
      n = bpfs_kernel_helper_number (ref);
      if (!n && VAR_P (ref) && constant_helper_vars)
	{
	  HOST_WIDE_INT *known = constant_helper_vars->get (ref);
	  n = known ? *known : 0;
	}
    }
  else if (TREE_CODE (ref) == COMPONENT_REF)
    n = bpfs_kernel_helper_number (TREE_OPERAND (ref, 1));
  if (!n)
    n = bpfs_type_helper_number (TREE_TYPE (ref));
  return n;
}

/* The declaration that says REF (a store's destination) is a helper, for
   the diagnostic: the variable, member or typedef with kernel_helper.  */
static tree
ref_helper_decl (tree ref)
{
  if (DECL_P (ref) && bpfs_kernel_helper_number (ref))
    return ref;
  if (TREE_CODE (ref) == COMPONENT_REF
      && bpfs_kernel_helper_number (TREE_OPERAND (ref, 1)))
    return TREE_OPERAND (ref, 1);
  return bpfs_type_helper_typedef (TREE_TYPE (ref));
}

/* What a callee can be: the distinct helper numbers found, whether one of
   them was found only by a declaration's claim (a kernel_helper parameter
   or typedef: the value there is not N, so it cannot be compared), and
   whether some path leads to something that is no helper or unknown.  */
struct callee_values
{
  auto_vec<HOST_WIDE_INT, 4> numbers;
  hash_set<tree> visited;
  bool claimed = false;
  bool unknown = false;
  int steps = 0;

  void add (HOST_WIDE_INT n, bool claim)
  {
    if (!n)
      {
	unknown = true;
	return;
      }
    claimed |= claim;
    if (!numbers.contains (n))
      numbers.safe_push (n);
  }
};

static void trace_value (tree fn, callee_values &v);

/* REF with its base OLD_BASE replaced by NEW_BASE (an aggregate copy
   `OLD_BASE = NEW_BASE' reached a load of a member), or NULL_TREE.  */
static tree
rebase_ref (tree ref, tree old_base, tree new_base)
{
  if (operand_equal_p (ref, old_base, 0))
    return new_base;
  if (!handled_component_p (ref))
    return NULL_TREE;
  tree inner = rebase_ref (TREE_OPERAND (ref, 0), old_base, new_base);
  if (!inner)
    return NULL_TREE;
  tree copy = copy_node (ref);
  TREE_OPERAND (copy, 0) = inner;
  return copy;
}

/* The value a load of REF reads, where the load's memory state is VUSE:
   walk back over the statements that cannot change REF to the store that
   wrote it (through memory phis).  */
static void
trace_memory (tree vuse, tree ref, callee_values &v)
{
  while (vuse && TREE_CODE (vuse) == SSA_NAME && ++v.steps < 1000)
    {
      gimple *d = SSA_NAME_DEF_STMT (vuse);
      if (gimple_nop_p (d))
	break;
      if (gphi *phi = dyn_cast<gphi *> (d))
	{
	  if (v.visited.add (vuse))
	    return;
	  for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	    trace_memory (gimple_phi_arg_def (phi, i), ref, v);
	  return;
	}
      if (gimple_assign_single_p (d) && gimple_store_p (d)
	  && operand_equal_p (gimple_assign_lhs (d), ref, 0))
	{
	  tree rhs = gimple_assign_rhs1 (d);
	  if (TREE_CODE (rhs) == SSA_NAME || CONSTANT_CLASS_P (rhs))
	    trace_value (rhs, v);
	  else
	    {
	      HOST_WIDE_INT n = ref_helper_number (rhs);
	      if (n)
		v.add (n, false);
	      else
		trace_memory (gimple_vuse (d), rhs, v);
	    }
	  return;
	}
      if (gimple_assign_single_p (d) && gimple_store_p (d)
	  && AGGREGATE_TYPE_P (TREE_TYPE (gimple_assign_lhs (d)))
	  && (DECL_P (gimple_assign_rhs1 (d))
	      || handled_component_p (gimple_assign_rhs1 (d))))
	{
	  tree from = rebase_ref (ref, gimple_assign_lhs (d),
				  gimple_assign_rhs1 (d));
	  if (from)
	    {
	      trace_memory (gimple_vuse (d), from, v);
	      return;
	    }
	}
      if (stmt_may_clobber_ref_p (d, ref))
	break;
      vuse = gimple_vuse (d);
    }
  v.unknown = true;
}

static void
trace_value (tree fn, callee_values &v)
{
  if (++v.steps > 1000)
    {
      v.unknown = true;
      return;
    }
  STRIP_NOPS (fn);
  if (TREE_CODE (fn) == INTEGER_CST)
    {
      v.add (valid_helper_number (fn), false);
      return;
    }
  if (TREE_CODE (fn) != SSA_NAME)
    {
      v.add (DECL_P (fn) || handled_component_p (fn) ? ref_helper_number (fn)
	     : 0, true);
      return;
    }
  HOST_WIDE_INT n = bpfs_type_helper_number (TREE_TYPE (fn));
  if (n)
    {
      v.add (n, true);
      return;
    }
  if (SSA_NAME_IS_DEFAULT_DEF (fn))
    {
      tree var = SSA_NAME_VAR (fn);
      v.add (var && (TREE_CODE (var) == PARM_DECL || VAR_P (var)) ? ref_helper_number (var) : 0,
	     true);
      return;
    }
  gimple *def = SSA_NAME_DEF_STMT (fn);
  if (gphi *phi = dyn_cast<gphi *> (def))
    {
      if (v.visited.add (fn))
	return;
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
	trace_value (gimple_phi_arg_def (phi, i), v);
      return;
    }
  if (!is_gimple_assign (def))
    {
      v.unknown = true;
      return;
    }
  enum tree_code code = gimple_assign_rhs_code (def);
  tree rhs = gimple_assign_rhs1 (def);
  if (code == SSA_NAME || CONVERT_EXPR_CODE_P (code)
      || (gimple_assign_single_p (def) && CONSTANT_CLASS_P (rhs)))
    trace_value (rhs, v);
  else if (gimple_assign_single_p (def) && !gimple_has_volatile_ops (def)
	   && (DECL_P (rhs) || handled_component_p (rhs)
	       || TREE_CODE (rhs) == MEM_REF))
    {
      n = ref_helper_number (rhs);
      if (n)
	v.add (n, false);
      else
	trace_memory (gimple_vuse (def), rhs, v);
    }
  else
    v.unknown = true;
}

static tree
helper_decl (HOST_WIDE_INT n, tree fntype)
{
  bool existed;
  tree &decl = helper_decls->get_or_insert (n, &existed);
  if (existed)
    return decl;
  char name[48];
  snprintf (name, sizeof name, "__bpfsupport_helper_" HOST_WIDE_INT_PRINT_DEC, n);
  decl = build_fn_decl (name, fntype);
  DECL_ATTRIBUTES (decl)
    = tree_cons (get_identifier ("kernel_helper"),
		 build_tree_list (NULL_TREE, build_int_cst (integer_type_node, n)),
		 NULL_TREE);
  /* Helpers can call back into the program (bpf_loop), so no "leaf".  */
  DECL_IGNORED_P (decl) = 1;
  helper_gc_roots = tree_cons (NULL_TREE, decl, helper_gc_roots);
  return decl;
}

/* Delete the now unused statements that computed a callee.  */
static void
remove_dead_callee_defs (vec<tree> &names)
{
  while (!names.is_empty ())
    {
      tree name = names.pop ();
      if (TREE_CODE (name) != SSA_NAME || SSA_NAME_IN_FREE_LIST (name)
	  || !has_zero_uses (name) || SSA_NAME_IS_DEFAULT_DEF (name))
	continue;
      gimple *def = SSA_NAME_DEF_STMT (name);
      if (!def || !is_gimple_assign (def) || gimple_has_side_effects (def)
	  || gimple_has_volatile_ops (def) || stmt_could_throw_p (cfun, def))
	continue;
      tree rhs = gimple_assign_rhs1 (def);
      gimple_stmt_iterator gsi = gsi_for_stmt (def);
      unlink_stmt_vdef (def);
      gsi_remove (&gsi, true);
      release_defs (def);
      if (TREE_CODE (rhs) == SSA_NAME)
	names.safe_push (rhs);
    }
}

static void
add_to_loop (basic_block bb, basic_block like)
{
  if (current_loops)
    add_bb_to_loop (bb, like->loop_father);
}

/* CALL's callee FN is one of NUMBERS (at least two): replace the call by
       if (FN == N1) call N1; else if (FN == N2) call N2; ... else call Nk
   joined by a phi of the results.  FN's value is the helper number on
   every path (the loads were rewritten to it), so the comparisons are
   exact, and the optimizers fold them where the path is known.  */
static void
split_call (gcall *call, tree fn, const vec<HOST_WIDE_INT> &numbers)
{
  basic_block bb = gimple_bb (call);
  edge after = split_block (bb, call);
  basic_block join = after->dest;
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  gsi_prev (&gsi);
  edge before = gsi_end_p (gsi) ? split_block_after_labels (bb)
		: split_block (bb, gsi_stmt (gsi));
  basic_block call_bb = before->dest;
  bb = before->src;

  tree lhs = gimple_call_lhs (call);
  bool ssa_lhs = lhs && TREE_CODE (lhs) == SSA_NAME;
  auto_vec<tree> results;
  auto_vec<edge> result_edges;
  tree fntype = gimple_call_fntype (call);
  location_t loc = gimple_location (call);
  unsigned k = numbers.length ();

  basic_block cur = bb;
  for (unsigned i = 0; i + 1 < k; i++)
    {
      basic_block ci = create_empty_bb (cur);
      add_to_loop (ci, call_bb);
      ci->count = call_bb->count;
      gcall *copy = as_a<gcall *> (gimple_copy (call));
      gimple_call_set_fndecl (copy, helper_decl (numbers[i], fntype));
      if (ssa_lhs)
	{
	  tree r = copy_ssa_name (lhs, copy);
	  gimple_call_set_lhs (copy, r);
	  results.safe_push (r);
	}
      gimple_stmt_iterator cg = gsi_start_bb (ci);
      gsi_insert_after (&cg, copy, GSI_NEW_STMT);
      result_edges.safe_push (make_edge (ci, join, EDGE_FALLTHRU | EDGE_EXECUTABLE));

      basic_block next = i + 2 == k ? call_bb : create_empty_bb (ci);
      if (next != call_bb)
	{
	  add_to_loop (next, call_bb);
	  next->count = call_bb->count;
	}
      tree value = fold_convert (TREE_TYPE (fn),
				 build_int_cst (pointer_sized_int_node,
						numbers[i]));
      gcond *cond = gimple_build_cond (EQ_EXPR, fn, value, NULL_TREE,
				       NULL_TREE);
      gimple_set_location (cond, loc);
      gimple_stmt_iterator lg = gsi_last_bb (cur);
      if (gsi_end_p (lg))
	{
	  lg = gsi_start_bb (cur);
	  gsi_insert_before (&lg, cond, GSI_NEW_STMT);
	}
      else
	gsi_insert_after (&lg, cond, GSI_NEW_STMT);
      if (i == 0)
	{
	  edge old = single_succ_edge (cur);
	  old->flags = EDGE_FALSE_VALUE | (old->flags & EDGE_EXECUTABLE);
	  if (next != call_bb)
	    redirect_edge_succ (old, next);
	}
      else
	make_edge (cur, next, EDGE_FALSE_VALUE | EDGE_EXECUTABLE);
      make_edge (cur, ci, EDGE_TRUE_VALUE | EDGE_EXECUTABLE);
      cur = next;
    }

  gimple_call_set_fndecl (call, helper_decl (numbers[k - 1], fntype));
  if (ssa_lhs)
    {
      tree r = copy_ssa_name (lhs, call);
      gimple_call_set_lhs (call, r);
      results.safe_push (r);
      result_edges.safe_push (single_succ_edge (call_bb));
      gphi *phi = create_phi_node (lhs, join);
      for (unsigned i = 0; i < results.length (); i++)
	add_phi_arg (phi, results[i], result_edges[i], loc);
    }
  update_stmt (call);
  free_dominance_info (CDI_DOMINATORS);
  if (current_loops)
    loops_state_set (LOOPS_NEED_FIXUP);
}

/* A store into a kernel_helper variable or member: the attribute says what
   calls through it do, so a different value would be silently ignored.  */
static void
check_helper_store (gimple *stmt)
{
  if (!gimple_store_p (stmt) || !is_gimple_assign (stmt))
    return;
  tree lhs = gimple_assign_lhs (stmt);
  if (!POINTER_TYPE_P (TREE_TYPE (lhs)))
    return;
  tree decl = ref_helper_decl (lhs);
  if (!decl)
    return;
  auto_diagnostic_group d;
  error_at (gimple_location (stmt), "assignment to %qE, which is "
	    "%<kernel_helper(%wd)%>: calls through it always call that "
	    "helper, whatever is stored", lhs, ref_helper_number (lhs));
  inform (DECL_SOURCE_LOCATION (decl), "%qD declared here", decl);
}

/* `X = helper pointer' becomes `X = (type) N'.  */
static bool
rewrite_helper_load (gimple *stmt)
{
  if (!gimple_assign_single_p (stmt) || gimple_has_volatile_ops (stmt))
    return false;
  tree lhs = gimple_assign_lhs (stmt), rhs = gimple_assign_rhs1 (stmt);
  if (TREE_CODE (lhs) != SSA_NAME || !POINTER_TYPE_P (TREE_TYPE (lhs))
      || !(DECL_P (rhs) || handled_component_p (rhs)))
    return false;
  HOST_WIDE_INT n = ref_helper_number (rhs);
  if (!n)
    return false;
  tree value = fold_convert (TREE_TYPE (lhs),
			     build_int_cst (pointer_sized_int_node, n));
  gimple_assign_set_rhs1 (stmt, value);
  update_stmt (stmt);
  return true;
}

unsigned int
bpfs_resolve_helper_calls (function *fun, bool early)
{
  auto_vec<tree> dead;
  auto_vec<gcall *> to_split;
  bool changed = false;
  basic_block bb;

  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (early && is_gimple_assign (stmt))
	  {
	    check_helper_store (stmt);
	    changed |= rewrite_helper_load (stmt);
	    continue;
	  }
	gcall *call = dyn_cast<gcall *> (stmt);
	if (!call || gimple_call_internal_p (call) || gimple_call_fndecl (call))
	  continue;
	tree fn = gimple_call_fn (call);
	callee_values v;
	trace_value (fn, v);
	if (v.unknown || v.numbers.is_empty ())
	  continue;
	if (v.numbers.length () > 1)
	  {
	    /* Split only after the optimizers (the late run): value
	       numbering asserts on the new blocks in the early pipeline,
	       and by then they may have folded the choice away.  */
	    if (early || v.claimed || TREE_CODE (fn) != SSA_NAME)
	      continue;
	    to_split.safe_push (call);
	    changed = true;
	    continue;
	  }
	gimple_call_set_fndecl (call, helper_decl (v.numbers[0],
						   gimple_call_fntype (call)));
	update_stmt (call);
	if (TREE_CODE (fn) == SSA_NAME)
	  dead.safe_push (fn);
	changed = true;
      }

  if (!changed)
    return 0;
  for (gcall *call : to_split)
    {
      callee_values v;
      trace_value (gimple_call_fn (call), v);
      split_call (call, gimple_call_fn (call), v.numbers);
    }
  remove_dead_callee_defs (dead);
  mark_virtual_operands_for_renaming (fun);
  cgraph_edge::rebuild_edges ();
  return TODO_update_ssa_only_virtuals
	 | (to_split.is_empty () ? 0 : TODO_cleanup_cfg);
}

unsigned int
bpfs_lower_helper_calls (function *fun)
{
  return bpfs_resolve_helper_calls (fun, true);
}

/* A static function pointer with a constant initializer that no code writes
   and whose address is never taken always holds that constant.  */
static HOST_WIDE_INT
constant_pointer_helper_number (varpool_node *node)
{
  tree var = node->decl;
  if (!VAR_P (var) || TREE_PUBLIC (var) || DECL_EXTERNAL (var)
      || !TREE_STATIC (var) || TREE_THIS_VOLATILE (var)
      || !POINTER_TYPE_P (TREE_TYPE (var))
      || TREE_CODE (TREE_TYPE (TREE_TYPE (var))) != FUNCTION_TYPE)
    return 0;
  tree init = DECL_INITIAL (var);
  if (!init)
    return 0;
  STRIP_NOPS (init);
  HOST_WIDE_INT n = valid_helper_number (init);
  if (!n)
    return 0;
  ipa_ref *ref;
  unsigned i;
  BPFS_FOR_EACH_REFERRING (node, i, ref)
    if (ref->use != IPA_REF_LOAD)
      return 0;
  return n;
}

/* Before the IPA passes: every function body exists and its references to
   variables are recorded, so we can tell which pointers are never written.  */
void
bpfs_find_constant_helper_vars (void *, void *)
{
  varpool_node *node;
  FOR_EACH_VARIABLE (node)
    {
      HOST_WIDE_INT n = constant_pointer_helper_number (node);
      if (!n)
	n = node->definition && !TREE_PUBLIC (node->decl)
	    ? bpfs_kernel_helper_number (node->decl) : 0;
      if (!n)
	continue;
      constant_helper_vars->put (node->decl, n);
      helper_gc_roots = tree_cons (NULL_TREE, node->decl, helper_gc_roots);
      /* -O0 keeps every static variable (no toplevel reorder); let this one
	 go when the rewritten calls no longer load it.  */
      node->force_output = false;
      node->no_reorder = false;
    }
}

/* libbpf 1.1's bpf_helper_defs.h declares its helpers as non-const static
   pointers (1.5's are `* const', which GCC does not report from a header).
   When a project vendors those headers under its own -I, they are not
   system headers, and every helper the program does not call is "defined
   but not used" with -Wall: an error with -Werror.  clang does not report
   unused statics declared in headers, so neither do we for such a helper
   pointer (a static function pointer initialized with a helper number)
   declared outside the main file.  */
void
bpfs_quiet_unused_helper_pointer (void *gcc_data, void *)
{
  tree var = (tree) gcc_data;
  if (!var || !VAR_P (var) || TREE_PUBLIC (var) || DECL_EXTERNAL (var)
      || !TREE_STATIC (var) || !POINTER_TYPE_P (TREE_TYPE (var))
      || TREE_CODE (TREE_TYPE (TREE_TYPE (var))) != FUNCTION_TYPE
      || !DECL_INITIAL (var))
    return;
  const char *file = LOCATION_FILE (DECL_SOURCE_LOCATION (var));
  if (!file || !main_input_filename || !strcmp (file, main_input_filename))
    return;
  tree init = DECL_INITIAL (var);
  STRIP_NOPS (init);
  /* check_global_declaration (cgraphunit.cc) reports an unused static
     variable unless it is TREE_USED; that bit does not make it emitted.  */
  if (valid_helper_number (init))
    TREE_USED (var) = 1;
}

void
bpfs_helper_calls_init (void)
{
  constant_helper_vars = new hash_map<tree, HOST_WIDE_INT>;
  helper_decls = new hash_map<int_hash<HOST_WIDE_INT, -1, -2>, tree>;
}
