/* naked.cc: __attribute__((naked)) for BPF: the function is exactly its asm.
 *
 * The kernel's BPF selftests write most verifier tests as `__naked'
 * functions whose body is one asm statement ending in `exit': clang emits
 * the asm and nothing else.  GCC 12's BPF backend has no such attribute: it
 * warns "'naked' attribute directive ignored" and wraps the asm in compiler
 * code (at -O0 the parameters spilled to the stack, always a trailing
 * `exit'), so the object is not the program the test means.
 *
 * The plugin registers `naked' (where the compiler lacks it) for functions,
 * and makes them noinline and noclone as other targets do.  Its uses are
 * checked on GIMPLE after the optimizers (which fold libbpf's __imm_insn()
 * compound literals into constants), as other
 * targets' GCCs check them: the body may hold only basic or extended asm
 * statements (and the implicit return), and an asm may not use a parameter
 * or a local (there is no prologue to put them anywhere) nor have outputs;
 * constants and addresses of globals are fine, as immediates ("i": __imm,
 * __imm_addr) or in registers ("r" (vals), which clang loads before the
 * asm too).  Then, just before the assembly is printed, the instructions
 * that are not the asm or the loads of its operands are deleted: the
 * parameter copies, the return value and the epilogue's `exit'.  A non-void naked function gets no "control reaches end of
 * non-void function" warning (the asm returns).  */
#include "plugin/gcc-compat.h"
#include "rtl.h"
#include "memmodel.h"
#include "emit-rtl.h"

static bool
naked_p (tree fndecl)
{
  return fndecl && lookup_attribute ("naked", DECL_ATTRIBUTES (fndecl));
}

static tree
handle_naked (tree *node, tree name, tree, int, bool *no_add_attrs)
{
  if (TREE_CODE (*node) != FUNCTION_DECL)
    {
      warning (OPT_Wattributes, "%qE attribute only applies to functions",
	       name);
      *no_add_attrs = true;
      return NULL_TREE;
    }
  /* Inlining or cloning a function that is only asm with hard-coded
     registers and its own `exit' would be wrong.  */
  DECL_UNINLINABLE (*node) = 1;
  if (!lookup_attribute ("noinline", DECL_ATTRIBUTES (*node)))
    DECL_ATTRIBUTES (*node) = tree_cons (get_identifier ("noinline"),
					 NULL_TREE, DECL_ATTRIBUTES (*node));
  if (!lookup_attribute ("noclone", DECL_ATTRIBUTES (*node)))
    DECL_ATTRIBUTES (*node) = tree_cons (get_identifier ("noclone"),
					 NULL_TREE, DECL_ATTRIBUTES (*node));
  return NULL_TREE;
}

static const struct attribute_spec naked_spec =
  { "naked", 0, 0, true, false, false, false, handle_naked, NULL };

void
bpfs_register_naked (void *, void *)
{
  if (!lookup_attribute_spec (get_identifier ("naked")))
    register_attribute (&naked_spec);
}

/* A naked function's end is reached only in its asm: no warning there.  */
static bool (*default_warn_func_return) (tree);

static bool
naked_warn_func_return (tree decl)
{
  if (naked_p (decl))
    return false;
  return default_warn_func_return (decl);
}

/* An operand of an asm in a naked function: a constant or the address of
   something with a fixed address (a function, a global), never a value
   that would need a register or a stack slot.  */
static bool
naked_operand_ok (tree op)
{
  STRIP_NOPS (op);
  if (TREE_CODE (op) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF (op))
    {
      /* A temporary for a constant or a global's value (a helper pointer
	 given as __imm(bpf_map_lookup_elem)).  */
      gimple *def = SSA_NAME_DEF_STMT (op);
      if (!gimple_assign_single_p (def))
	return false;
      tree rhs = gimple_assign_rhs1 (def);
      if (CONSTANT_CLASS_P (rhs) || TREE_CODE (rhs) == ADDR_EXPR)
	return naked_operand_ok (rhs);
      tree base = get_base_address (rhs);
      return base && VAR_P (base) && is_global_var (base);
    }
  if (CONSTANT_CLASS_P (op))
    return true;
  if (TREE_CODE (op) == ADDR_EXPR)
    {
      tree base = get_base_address (TREE_OPERAND (op, 0));
      return base && (TREE_CODE (base) == FUNCTION_DECL
		      || (VAR_P (base) && is_global_var (base)));
    }
  return false;
}

unsigned int
bpfs_check_naked (function *fun)
{
  if (!naked_p (fun->decl))
    return 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	location_t loc = gimple_location (stmt);
	if (loc == UNKNOWN_LOCATION)
	  loc = DECL_SOURCE_LOCATION (fun->decl);
	switch (gimple_code (stmt))
	  {
	  case GIMPLE_ASM:
	    {
	      gasm *as = as_a<gasm *> (stmt);
	      if (gimple_asm_noutputs (as))
		{
		  error_at (loc, "an %<asm%> in naked function %qD cannot have "
			    "outputs: a naked function has no stack frame "
			    "or registers for them", fun->decl);
		  return 0;
		}
	      for (unsigned i = 0; i < gimple_asm_ninputs (as); i++)
		{
		  tree op = TREE_VALUE (gimple_asm_input_op (as, i));
		  if (naked_operand_ok (op))
		    continue;
		  tree var = TREE_CODE (op) == SSA_NAME ? SSA_NAME_VAR (op)
			     : op;
		  if (var && TREE_CODE (var) == PARM_DECL)
		    error_at (loc, "naked function %qD cannot use its "
			      "parameter %qD in an %<asm%> operand: the "
			      "parameters are in registers r1-r5, refer to "
			      "them there", fun->decl, var);
		  else
		    error_at (loc, "an %<asm%> operand of naked function %qD "
			      "must be a constant or the address of a global "
			      "or function", fun->decl);
		  return 0;
		}
	      break;
	    }
	  case GIMPLE_RETURN:
	    /* The implicit return at the end (and C99's implicit `return 0'
	       at the end of main); a value is a statement.  */
	    {
	      tree rv = gimple_return_retval (as_a<greturn *> (stmt));
	      bool main_p = DECL_NAME (fun->decl)
			    && MAIN_NAME_P (DECL_NAME (fun->decl));
	      if (rv && !(main_p && integer_zerop (rv)))
		{
		  error_at (loc, "naked function %qD cannot return a value: "
			    "its body may contain only %<asm%> statements",
			    fun->decl);
		  return 0;
		}
	      break;
	    }
	  case GIMPLE_ASSIGN:
	    {
	      /* The gimplifier's temporary for an asm operand: a constant or
		 a global's value (libbpf's helper pointers given to __imm()).
		 The instruction that computes it is deleted with the rest;
		 the asm uses the value as an immediate.  */
	      tree lhs = gimple_assign_lhs (stmt);
	      if (TREE_CODE (lhs) == SSA_NAME
		  && (!SSA_NAME_VAR (lhs) || DECL_ARTIFICIAL (SSA_NAME_VAR (lhs)))
		  && naked_operand_ok (lhs))
		break;
	    }
	    /* Fall through.  */
	  default:
	    error_at (loc, "naked function %qD may contain only %<asm%> "
		      "statements: it has no prologue, epilogue or stack "
		      "frame", fun->decl);
	    return 0;
	  case GIMPLE_LABEL:
	  case GIMPLE_NOP:
	  case GIMPLE_PREDICT:
	  case GIMPLE_DEBUG:
	    break;
	  }
      }
  return 0;
}

/* Just before the output: the asm and what feeds its operands, nothing
   else.  Deleted: what precedes NOTE_INSN_FUNCTION_BEG (the incoming
   arguments' copies and spills) and everything after the last asm (the
   return value, the epilogue and its `exit').  Kept: the instructions
   between the two, which load the asm's register operands (clang loads a
   global's address given as "r" (vals) the same way).  */
unsigned int
bpfs_strip_naked (function *fun)
{
  if (!naked_p (fun->decl))
    return 0;
  rtx_insn *last_asm = NULL;
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    if (NONDEBUG_INSN_P (insn)
	&& (GET_CODE (PATTERN (insn)) == ASM_INPUT
	    || asm_noperands (PATTERN (insn)) >= 0))
      last_asm = insn;
  bool in_body = false, after_asm = false;
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    {
      if (NOTE_P (insn) && NOTE_KIND (insn) == NOTE_INSN_FUNCTION_BEG)
	in_body = true;
      if (!NONDEBUG_INSN_P (insn))
	continue;
      rtx pat = PATTERN (insn);
      bool is_asm = GET_CODE (pat) == ASM_INPUT || asm_noperands (pat) >= 0;
      if (!is_asm && (!in_body || after_asm || !last_asm))
	SET_INSN_DELETED (insn);
      if (insn == last_asm)
	after_asm = true;
    }
  return 0;
}

void
bpfs_naked_init (void)
{
  default_warn_func_return = targetm.warn_func_return;
  targetm.warn_func_return = naked_warn_func_return;
  /* Checked after the optimizers: libbpf's __imm_insn() passes a compound
     literal to an "i" operand, which only they fold into a constant.  */
}
