/* verifier-inline.cc: functions the kernel cannot call are inlined like
   clang inlines them: global ones with a `void *' parameter, and static
   ones that return an aggregate in memory.
 *
 * The verifier checks a call to a global (non-static) function against the
 * function's BTF, argument by argument; a `void *' argument has no size it
 * can check, and the call is refused ("arg#0 reference type('UNKNOWN ')
 * size cannot be determined", "Caller passes invalid args into func#1").
 * The kernel's selftests pass the context that way (`int
 * get_set_sk_priority (void *ctx)' in bpf_sockopt_helpers.h): clang
 * inlines such small functions at -O2 and the call never reaches the
 * verifier; GCC's limit for functions not declared inline (15 insns at
 * -O2, param max-inline-insns-auto) kept the call.
 *
 * A call to such a function can never be verified (the `__arg_ctx' tag
 * that would let the kernel accept it is a btf_decl_tag, which GCC 12
 * drops), so before the inliners run (PLUGIN_ALL_IPA_PASSES_START) the
 * plugin marks each one to be inlined wherever it can, regardless of GCC's
 * size limits (at -Os and -Og too), unless it says noinline.  It is still
 * emitted: it is global.
 *
 * A static function returning a struct in memory returns, as GCC's BPF
 * ABI has it, the address of the caller's stack slot in r0: the verifier
 * refuses it ("cannot return stack pointer to the caller"), while clang
 * -O2 inlines such functions (random programs found it, issue 30).  Those
 * are marked the same way.  (Static functions with more than five
 * argument words: lower-inline-args.cc.)  */
#include "plugin/gcc-compat.h"
#include "plugin/verifier.h"

static bool
has_void_pointer_parameter (tree fndecl)
{
  for (tree p = DECL_ARGUMENTS (fndecl); p; p = DECL_CHAIN (p))
    {
      tree t = TREE_TYPE (p);
      if (POINTER_TYPE_P (t) && VOID_TYPE_P (TREE_TYPE (t)))
	return true;
    }
  return false;
}

/* Functions marked once the unit is parsed, and only in a unit that has
   BPF programs (a function in a named section): the GCC testsuite's C
   programs run in the simulator, where nothing needs it.  The functions
   stay referenced by the call graph, so the vector needs no GC root.  */
static vec<tree> candidates;
static bool unit_has_programs;

bool
bpfs_unit_has_programs (void)
{
  return unit_has_programs;
}

/* FNDECL returns its value in memory (through a hidden pointer).  */
static bool
returns_in_memory (tree fndecl)
{
  tree type = TREE_TYPE (TREE_TYPE (fndecl));
  return !VOID_TYPE_P (type) && aggregate_value_p (type, fndecl);
}

void
bpfs_verifier_note_function (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL)
    return;
  if (DECL_SECTION_NAME (fndecl)
      || lookup_attribute ("section", DECL_ATTRIBUTES (fndecl)))
    {
      unit_has_programs = true;
      return;
    }
  if (lookup_attribute ("noinline", DECL_ATTRIBUTES (fndecl)))
    return;
  if (TREE_PUBLIC (fndecl) ? has_void_pointer_parameter (fndecl)
      : returns_in_memory (fndecl))
    candidates.safe_push (fndecl);
}

void
bpfs_verifier_mark_inline (void *, void *)
{
  if (unit_has_programs)
    for (tree fndecl : candidates)
      {
	DECL_DECLARED_INLINE_P (fndecl) = 1;
	DECL_DISREGARD_INLINE_LIMITS (fndecl) = 1;
      }
  candidates.release ();
}
