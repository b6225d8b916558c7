/* helper-calls.cc: every call to a BPF helper becomes `call N'.
 *
 * libbpf declares helpers as initialized static pointers,
 *     static long (*bpf_map_lookup_elem)(void *, const void *) = (void *) 1;
 * GCC 12 compiles a call through such a pointer to a direct `call 1' only
 * when the optimizers happen to fold the pointer's value into the call; at
 * -O0, or when the value is kept in a register (the same helper called
 * twice, an argument equal to the helper number), it is an indirect call,
 * which BPF does not have: "indirect call in function, which are not
 * supported by eBPF".
 *
 * This pass runs right after the function is put into SSA form, at every
 * optimization level and before any optimizer can hide where a callee came
 * from.  For each indirect call it traces the callee back (SSA copies,
 * conversions, one load) to
 *   - a variable, parameter, struct member or typedef with kernel_helper(N),
 *   - a static function pointer initialized with a constant N that nothing
 *     in the translation unit writes or takes the address of,
 *   - a literal constant N,
 * and makes the call direct, to an external declaration carrying
 * kernel_helper(N), which the backend prints as `call N'.  The load that fed
 * the call is deleted when nothing else uses it, and the pointer variable
 * itself is no longer forced into .data at -O0 (clang does not emit unused
 * helper pointers either).  A pointer the program writes stays an ordinary
 * indirect call, with GCC's own diagnostic.  */
#include "plugin/gcc-compat.h"

/* Helper pointers known to hold a constant: VAR_DECL -> helper number.  */
static hash_map<tree, HOST_WIDE_INT> *constant_helper_vars;
/* One external declaration per helper number.  */
static hash_map<int_hash<HOST_WIDE_INT, -1, -2>, tree> *helper_decls;
/* The trees in both maps, chained so that the garbage collector keeps them
   (a collected key's address could be reused by another tree).  */
static tree helper_gc_roots;
static const struct ggc_root_tab helper_root_tab[] = {
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

/* kernel_helper(N) on a typedef naming TYPE, or the function type TYPE
   points to, through chains of typedefs.  */
static HOST_WIDE_INT
type_helper_number (tree type)
{
  for (int depth = 0; type && depth < 16; depth++)
    {
      tree name = TYPE_NAME (type);
      if (name && TREE_CODE (name) == TYPE_DECL)
	{
	  HOST_WIDE_INT n = bpfs_kernel_helper_number (name);
	  if (n)
	    return n;
	  if (DECL_ORIGINAL_TYPE (name))
	    {
	      type = DECL_ORIGINAL_TYPE (name);
	      continue;
	    }
	}
      if (POINTER_TYPE_P (type))
	type = TREE_TYPE (type);
      else
	break;
    }
  return 0;
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
    n = type_helper_number (TREE_TYPE (ref));
  return n;
}

/* The helper number that the callee expression FN must be, or 0.  */
static HOST_WIDE_INT
callee_helper_number (tree fn)
{
  for (int depth = 0; fn && depth < 32; depth++)
    {
      if (TREE_CODE (fn) == INTEGER_CST)
	return valid_helper_number (fn);
      if (TREE_CODE (fn) != SSA_NAME)
	return ref_helper_number (fn);

      HOST_WIDE_INT n = type_helper_number (TREE_TYPE (fn));
      if (n)
	return n;
      if (SSA_NAME_VAR (fn) && TREE_CODE (SSA_NAME_VAR (fn)) == PARM_DECL
	  && SSA_NAME_IS_DEFAULT_DEF (fn))
	return ref_helper_number (SSA_NAME_VAR (fn));

      gimple *def = SSA_NAME_DEF_STMT (fn);
      if (!def || !is_gimple_assign (def))
	return 0;
      enum tree_code code = gimple_assign_rhs_code (def);
      tree rhs = gimple_assign_rhs1 (def);
      if (code == SSA_NAME || CONVERT_EXPR_CODE_P (code))
	fn = rhs;
      else if (gimple_assign_single_p (def) && !gimple_has_volatile_ops (def))
	fn = rhs;
      else
	return 0;
    }
  return 0;
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

static unsigned int
lower_helper_calls (function *fun)
{
  auto_vec<tree> dead;
  bool changed = false;
  basic_block bb;

  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi));
	if (!call || gimple_call_internal_p (call) || gimple_call_fndecl (call))
	  continue;
	tree fn = gimple_call_fn (call);
	HOST_WIDE_INT n = callee_helper_number (fn);
	if (!n)
	  continue;
	gimple_call_set_fndecl (call, helper_decl (n, gimple_call_fntype (call)));
	update_stmt (call);
	if (TREE_CODE (fn) == SSA_NAME)
	  dead.safe_push (fn);
	changed = true;
      }

  if (!changed)
    return 0;
  remove_dead_callee_defs (dead);
  cgraph_edge::rebuild_edges ();
  return TODO_update_ssa_only_virtuals;
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
static void
find_constant_helper_vars (void *, void *)
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
static void
quiet_unused_helper_pointer (void *gcc_data, void *)
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

BPFS_GIMPLE_PASS (helper_calls_pass, "bpfsupport-helper-calls", lower_helper_calls)

void
bpfs_helper_calls_init (void)
{
  constant_helper_vars = new hash_map<tree, HOST_WIDE_INT>;
  helper_decls = new hash_map<int_hash<HOST_WIDE_INT, -1, -2>, tree>;

  bpfs_register_pass (new helper_calls_pass (g), "ssa", PASS_POS_INSERT_AFTER);
  register_callback (bpfs_plugin_name, PLUGIN_ALL_IPA_PASSES_START,
		     find_constant_helper_vars, NULL);
  register_callback (bpfs_plugin_name, PLUGIN_FINISH_DECL,
		     quiet_unused_helper_pointer, NULL);
  register_callback (bpfs_plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     (void *) helper_root_tab);
}
