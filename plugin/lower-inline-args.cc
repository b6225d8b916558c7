/* lower-inline-args.cc: always-inline functions may take more than five
   arguments.
 *
 * BPF passes at most five arguments, in r1-r5, and GCC 12's BPF backend
 * says so from its function_arg_advance hook ("too many function arguments
 * for eBPF").  GCC calls that hook not only when it expands a call or a
 * function's incoming parameters, but also when it gimplifies every
 * function definition (gimplify_parameters works out how each parameter
 * is passed), long before inlining: so a `static __always_inline' helper
 * with six parameters is rejected although no call to it, and no copy of
 * it, ever reaches the object.
 *
 * The plugin wraps the hook: before expansion (symtab state < EXPANSION)
 * and inside a function declared always_inline, it only counts the
 * argument words, without the error.  Everything that does reach the
 * object keeps GCC's error: a real call with more than five arguments
 * (expanded in calls.cc), and the offline copy of an always-inline
 * function that could not be inlined everywhere (its parameters are
 * assigned in expansion).
 *
 * A static function (not noinline) of a unit with BPF programs is treated
 * the same way and marked to be inlined regardless of GCC's size limits:
 * clang -O2 inlines such a helper and the program runs; GCC stopped at
 * the definition (random programs found 12 such, issue 30).  Where the
 * function cannot be inlined (its address taken, recursion), its call or
 * its copy keeps the error, as clang's does.  Gimplification happens once
 * the whole unit is parsed, so whether it has programs is known here.  */
#include "plugin/gcc-compat.h"
#include "plugin/lower.h"
#include "target.h"
#include "calls.h"
#include "plugin/verifier.h"

static void (*gcc_function_arg_advance) (cumulative_args_t,
					 const function_arg_info &);

static void
function_arg_advance (cumulative_args_t ca, const function_arg_info &arg)
{
  tree fn = current_function_decl;
  if (symtab->state >= EXPANSION || !fn)
    {
      gcc_function_arg_advance (ca, arg);
      return;
    }
  CUMULATIVE_ARGS *cum = get_cumulative_args (ca);
  HOST_WIDE_INT words = CEIL (arg.type_size_in_bytes ().to_constant (),
			      UNITS_PER_WORD);
  bool inlined = lookup_attribute ("always_inline", DECL_ATTRIBUTES (fn));
  /* A static function's argument beyond the fifth word: inline it.  */
  if (!inlined && *cum + words > 5 && !TREE_PUBLIC (fn)
      && bpfs_unit_has_programs ()
      && !lookup_attribute ("noinline", DECL_ATTRIBUTES (fn)))
    {
      DECL_DECLARED_INLINE_P (fn) = 1;
      DECL_DISREGARD_INLINE_LIMITS (fn) = 1;
      inlined = true;
    }
  if (inlined || DECL_DISREGARD_INLINE_LIMITS (fn))
    {
      /* What the BPF hook counts, minus the error.  */
      *cum += words;
      return;
    }
  gcc_function_arg_advance (ca, arg);
}

void
bpfs_inline_args_init (void)
{
  gcc_function_arg_advance = targetm.calls.function_arg_advance;
  targetm.calls.function_arg_advance = function_arg_advance;
}
