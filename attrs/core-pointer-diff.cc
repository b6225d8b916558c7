/* core-pointer-diff.cc: `(void *) &t->f - (void *) t' on a CO-RE type
   stays a relocated offset instead of a constant the front end folded.
 *
 * The offset of a field written as a pointer difference, on a type with
 * preserve_access_index (vmlinux.h's), is what the program means to be
 * relocated: clang emits a CO-RE byte_off relocation for it, and libbpf
 * fixes the offset for the running kernel.  GCC 12's C front end folds the
 * difference in pointer_diff (c-typeck.cc: POINTER_DIFF_EXPR of &t->f and t
 * is the constant offset) while it parses, before any plugin hook sees the
 * expression; the program then reads this compiler's layout on every
 * kernel: a silent wrong value wherever the kernel's layout differs
 * (selftests' log_fixup, bad_core_relo_subprog).
 *
 * The one hook into pointer_diff is the pointer-subtract sanitizer: with
 * SANITIZE_POINTER_SUBTRACT set, it wraps both operands in SAVE_EXPRs (so
 * the difference is no longer folded while parsing) and puts a call to
 * __builtin___asan_pointer_subtract before it.  So the flag is set while
 * a function is parsed and at no other time (START_PARSE_FUNCTION, which
 * comes before the function's declarator, to FINISH_PARSE_FUNCTION): no
 * sanitizer pass ever sees it.  A function with optimization options of
 * its own (the optimize attribute, or `#pragma GCC optimize' before it)
 * has them checked as it starts, and the check refuses pointer-subtract
 * without -fsanitize=address; that error is the plugin's doing, so
 * plugin/clang-warnings.cc drops it (bpfs_core_pointer_diff_error_p;
 * selftests' test_xdp_noinline.c).  At
 * PRE_GENERICIZE, before attrs/core.cc rewrites the body, every such call
 * is dropped and the difference alone is kept; &t->f is then rewritten as
 * any CO-RE field address (a byte_off relocation), and the middle end
 * folds `t + off - t' to the relocated offset.  Subtractions of other
 * pointers lose nothing: the middle end folds what the front end would
 * have.  */
#include "plugin/gcc-compat.h"
#include "plugin/pipeline.h"
#include "attrs/core.h"
#include "intl.h"

static tree pointer_subtract_decl;

/* START_UNIT: the sanitizer's builtin declared where the compiler did not
   (it does only under -fsanitize=address and the like).  */
void
bpfs_core_pointer_diff_start (void *, void *)
{
  pointer_subtract_decl = builtin_decl_explicit (BUILT_IN_ASAN_POINTER_SUBTRACT);
  if (!pointer_subtract_decl)
    {
      tree type = build_function_type_list (void_type_node, ptr_type_node,
					    ptr_type_node, NULL_TREE);
      pointer_subtract_decl
	= add_builtin_function ("__builtin___asan_pointer_subtract", type,
				BUILT_IN_ASAN_POINTER_SUBTRACT, BUILT_IN_NORMAL,
				NULL, NULL_TREE);
      set_builtin_decl (BUILT_IN_ASAN_POINTER_SUBTRACT, pointer_subtract_decl, false);
    }
  if (flag_sanitize & SANITIZE_POINTER_SUBTRACT)
    pointer_subtract_decl = NULL_TREE;	/* the user's own -fsanitize: keep it */
}

/* D is finish_options' error about the flag this file set.  */
bool
bpfs_core_pointer_diff_error_p (diagnostic_info *d)
{
  if (!pointer_subtract_decl || !(flag_sanitize & SANITIZE_POINTER_SUBTRACT)
      || d->kind != DK_ERROR || !d->message.format_spec)
    return false;
  static const char msg[] = "%<-fsanitize=pointer-subtract%> must be combined with "
			    "%<-fsanitize=address%> or %<-fsanitize=kernel-address%>";
  return (!strcmp (d->message.format_spec, msg)
	  || !strcmp (d->message.format_spec, _(msg)));
}

/* START_PARSE_FUNCTION: the flag on for the function, once the unit has
   declared a preserve_access_index type (a difference can only involve
   one declared before the function): units without CO-RE types compile
   exactly as without the plugin (bpfsupport.nochange).  */
void
bpfs_core_pointer_diff_body_start (void *, void *)
{
  if (pointer_subtract_decl && bpfs_core_types_declared)
    flag_sanitize |= SANITIZE_POINTER_SUBTRACT;
}

/* FINISH_PARSE_FUNCTION: and off after it.  */
void
bpfs_core_pointer_diff_body_end (void *, void *)
{
  if (pointer_subtract_decl)
    flag_sanitize &= ~SANITIZE_POINTER_SUBTRACT;
}

static bool
pointer_subtract_call_p (tree t)
{
  return (TREE_CODE (t) == CALL_EXPR && get_callee_fndecl (t)
	  && fndecl_built_in_p (get_callee_fndecl (t), BUILT_IN_ASAN_POINTER_SUBTRACT));
}

static tree
drop_pointer_subtract_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  /* pointer_diff's result: COMPOUND_EXPR <call, difference>.  */
  if (TREE_CODE (t) == COMPOUND_EXPR && pointer_subtract_call_p (TREE_OPERAND (t, 0)))
    {
      *tp = TREE_OPERAND (t, 1);
      /* Walk the difference again: it may hold another subtraction.  */
      walk_tree (tp, drop_pointer_subtract_r, NULL, NULL);
      *walk_subtrees = 0;
    }
  else if (pointer_subtract_call_p (t))
    /* Anywhere else (folded into another form): no effect.  */
    *tp = build_empty_stmt (EXPR_LOCATION (t));
  return NULL_TREE;
}

/* PRE_GENERICIZE: the sanitizer's calls out, before attrs/core.cc.  */
void
bpfs_core_pointer_diff_drop (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (!pointer_subtract_decl || !fndecl || !DECL_SAVED_TREE (fndecl))
    return;
  walk_tree (&DECL_SAVED_TREE (fndecl), drop_pointer_subtract_r, NULL, NULL);
}
