/* lower-trap.cc: __builtin_trap () and abort () end the function with
   `return 0' instead of calling abort.
 *
 * BPF has no trap instruction, so GCC expands __builtin_trap () into a
 * call to abort, which a BPF object cannot have.  The traps are often not
 * the user's: at -O2 GCC's -fisolate-erroneous-paths-dereference turns a
 * path that would dereference NULL into a trap, so a compile error would
 * reject correct programs.  The sane BPF meaning of "stop here" that the
 * verifier accepts is to leave: the trap (or a call to abort, which does
 * not return either) is replaced by a return of 0 from the current
 * function (nothing for a void function), and the code after it, which
 * could not be reached, is dropped.  From the program's entry function
 * this ends the program with 0 (XDP_ABORTED for XDP, drop for socket
 * filters, TC_ACT_OK for tc); from a bpf-to-bpf subprogram it returns 0 to
 * its caller.  Runs under the memory switch.  */
#include "plugin/gcc-compat.h"
#include "plugin/lower.h"
#include "cfghooks.h"

static bool
trap_call_p (gimple *stmt)
{
  gcall *call = dyn_cast<gcall *> (stmt);
  if (!call)
    return false;
  tree fndecl = gimple_call_fndecl (call);
  if (!fndecl)
    return false;
  /* Linked with a library (allow-extern-calls: an executable for bpf-run)
     abort and trap are real: a test that fails must not return 0.  */
  if (bpfs_options.allow_extern_calls)
    return false;
  if (fndecl_built_in_p (fndecl, BUILT_IN_TRAP))
    return true;
  /* A program that defines its own abort calls it.  */
  cgraph_node *node = cgraph_node::get (fndecl);
  return fndecl_built_in_p (fndecl, BUILT_IN_ABORT)
	 && !(node && node->definition);
}

static tree
return_value (function *fun)
{
  tree res = DECL_RESULT (fun->decl);
  tree type = TREE_TYPE (res);
  if (VOID_TYPE_P (type) || DECL_BY_REFERENCE (res))
    return NULL_TREE;
  if (AGGREGATE_TYPE_P (type))
    return res;
  return build_zero_cst (type);
}

bool
bpfs_lower_traps (function *fun)
{
  bool changed = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (!trap_call_p (stmt))
	  continue;
	/* Whatever follows the trap in its block goes to a new block that
	   nothing reaches (cleanup_cfg deletes it).  */
	if (stmt != gsi_stmt (gsi_last_bb (bb)))
	  split_block (bb, stmt);
	while (EDGE_COUNT (bb->succs) > 0)
	  remove_edge (EDGE_SUCC (bb, 0));
	greturn *ret = gimple_build_return (return_value (fun));
	gimple_set_location (ret, gimple_location (stmt));
	unlink_stmt_vdef (stmt);
	gsi_replace (&gsi, ret, false);
	make_edge (bb, EXIT_BLOCK_PTR_FOR_FN (fun), 0);
	changed = true;
	break;
      }
  if (changed)
    {
      free_dominance_info (fun, CDI_DOMINATORS);
      free_dominance_info (fun, CDI_POST_DOMINATORS);
    }
  return changed;
}
