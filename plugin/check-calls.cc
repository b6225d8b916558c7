/* check-calls.cc: a BPF program may call only its own functions and the
   kernel's helpers; anything else is a compile error, not a load failure.
 *
 * A BPF object is loaded without a library: libbpf resolves calls to
 * functions defined in the object (bpf-to-bpf calls), `call N' is a helper,
 * and a call to any other symbol makes the load fail far from the source
 * ("unresolved extern", "call to invalid destination", or GCC's silent
 * `call -1').  Kfuncs (extern functions declared __ksym, i.e. in section
 * .ksyms) are resolved by libbpf against the kernel's BTF and are always
 * allowed; so are extern functions the program's own sources declare,
 * which a static link of several BPF objects resolves (user_extern_p).
 * Two checks, both off with allow-extern-calls (for any other extern a
 * later link step resolves):
 *   - in the late GIMPLE pass (after the plugin's own lowerings, so the
 *     calls they removed are not reported): every direct call whose callee
 *     is neither defined in this translation unit nor a kernel_helper
 *     declaration nor a kfunc nor declared by the user (one declared in a
 *     system header, or implicitly, is not) is an error at the call;
 *   - just before "final", on the RTL: a call to a symbol that is a library
 *     routine, i.e. one GCC introduced while expanding (__divdi3 for a
 *     division, memcpy for a block copy, abort for a trap, __bswapdi2, ...)
 *     or a builtin it did not expand inline, is an error at the statement
 *     that caused it.  Calls to ordinary undefined functions were reported
 *     by the first check and are not reported twice.
 * Whatever the options, a call to address 0 (a helper pointer whose value
 * was lost) is an error at the call, and an indirect call, which GCC's
 * backend reports at the end of the function, gets a note at the call.  */
#include "plugin/gcc-compat.h"
#include "plugin/lower.h"
#include "rtl.h"
#include "memmodel.h"
#include "emit-rtl.h"
#include "c-tree.h"
#include "intl.h"

static bool
defined_here (tree fndecl)
{
  if (DECL_EXTERNAL (fndecl))
    return false;
  cgraph_node *node = cgraph_node::get (fndecl);
  if (!node)
    return DECL_INITIAL (fndecl) != NULL_TREE;
  node = node->ultimate_alias_target ();
  return node && (node->definition || node->inlined_to)
	 && !DECL_EXTERNAL (node->decl);
}

/* A kfunc: an extern function declared `__ksym', which libbpf's
   bpf_helpers.h defines as __attribute__((section(".ksyms"))).  libbpf
   resolves the call against the kernel's BTF (the plugin's BTF has its
   extern FUNC in the .ksyms DATASEC), as it does for clang's objects.  */
static bool
kfunc_p (tree fndecl)
{
  return DECL_EXTERNAL (fndecl) && DECL_SECTION_NAME (fndecl)
	 && strcmp (DECL_SECTION_NAME (fndecl), ".ksyms") == 0;
}

/* An extern function the program's own sources declare: another BPF
   object defines it, and a static link (bpftool gen object, libbpf's
   linker) resolves the call, as the kernel's linked_funcs and
   test_subskeleton tests do.  clang compiles such calls without a word and
   so does the plugin: the call is relocated against the symbol and the BTF
   has the function as an extern FUNC (gcc-types.cc), which the linker
   needs.  A function declared in a system header (libc's, say) has no BPF
   definition anywhere, and one declared implicitly is a typo more often
   than not: those stay errors.  */
static bool
user_extern_p (tree fndecl)
{
  return DECL_EXTERNAL (fndecl) && !fndecl_built_in_p (fndecl)
	 && !DECL_ARTIFICIAL (fndecl) && !C_DECL_IMPLICIT (fndecl)
	 && !in_system_header_at (DECL_SOURCE_LOCATION (fndecl));
}

static bool
callable (tree fndecl)
{
  return bpfs_kernel_helper_number (fndecl) > 0 || defined_here (fndecl)
	 || kfunc_p (fndecl) || user_extern_p (fndecl)
	 || fndecl_built_in_p (fndecl, BUILT_IN_MD);
}

static location_t
call_location (location_t loc)
{
  if (loc == UNKNOWN_LOCATION && current_function_decl)
    return DECL_SOURCE_LOCATION (current_function_decl);
  return loc;
}

void
bpfs_check_calls (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi));
	if (!call || gimple_call_internal_p (call))
	  continue;
	tree fndecl = gimple_call_fndecl (call);
	/* Indirect calls get GCC's own error; builtins may expand inline and
	   are checked on the RTL.  */
	if (!fndecl || fndecl_built_in_p (fndecl) || callable (fndecl))
	  continue;
	const char *why
	  = C_DECL_IMPLICIT (fndecl) ? G_("declared implicitly, ")
	    : in_system_header_at (DECL_SOURCE_LOCATION (fndecl))
	    ? G_("declared in a system header, ") : "";
	error_at (call_location (gimple_location (call)),
		  "call to %qD, %swhich is neither defined in this file nor a "
		  "BPF helper nor a kfunc: a BPF object has no library to "
		  "resolve it (declare a kfunc %<extern ... __ksym%>, or "
		  "allow any extern with "
		  "%<-fplugin-arg-%s-allow-extern-calls%>)",
		  fndecl, *why ? _(why) : why, bpfs_plugin_name);
      }
}

/* What INSN calls (the address in its call's MEM), or NULL_RTX when INSN
   is no call.  */
static rtx
call_target (rtx_insn *insn)
{
  if (!CALL_P (insn))
    return NULL_RTX;
  rtx call = get_call_rtx_from (insn);
  if (!call || !MEM_P (XEXP (call, 0)))
    return NULL_RTX;
  return XEXP (XEXP (call, 0), 0);
}

/* The last word on a call's target, whatever the options: BPF has no
   indirect call, and `call 0' (what a helper pointer whose value was lost
   becomes) is no helper.  Both are errors at the call, never output.
   -mxbpf (GCC's extended BPF, run by bpf-run) has indirect calls.  */
static bool
check_call_target (rtx_insn *insn, rtx addr)
{
  if (CONST_INT_P (addr))
    {
      if (INTVAL (addr) > 0 && INTVAL (addr) <= 0x7fffffff)
	return true;
      error_at (call_location (INSN_LOCATION (insn)),
		"call to address %wd, which is no BPF helper: the callee "
		"is not a helper pointer or a function", INTVAL (addr));
      return false;
    }
  if (GET_CODE (addr) == SYMBOL_REF)
    {
      tree decl = SYMBOL_REF_DECL (addr);
      if (decl && lookup_attribute ("kernel_helper", DECL_ATTRIBUTES (decl))
	  && bpfs_kernel_helper_number (decl) <= 0)
	{
	  error_at (call_location (INSN_LOCATION (insn)),
		    "call to %qD, whose helper number is not valid", decl);
	  return false;
	}
      return true;
    }
  /* An indirect call: GCC's backend reports it itself when it writes the
     call in "final" ("indirect call in function, which are not supported
     by eBPF", at the end of the function), and bpfs_indirect_call_notes says
     where it is after that error.  -mxbpf has indirect calls.  */
  return true;
}

/* After "final": the place and the why of each indirect call GCC's
   backend has just reported (its error names only the function).  A note
   and not a second error: one mistake, one error, as GCC's own tests of
   the backend expect (gcc.target/bpf/diag-indcalls.c).  */
unsigned int
bpfs_indirect_call_notes (function *)
{
  if (TARGET_XBPF)
    return 0;
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    {
      rtx addr = call_target (insn);
      if (!addr || CONST_INT_P (addr) || GET_CODE (addr) == SYMBOL_REF)
	continue;
      inform (call_location (INSN_LOCATION (insn)),
	      "the indirect call: its callee is not known at compile time, "
	      "and BPF has no indirect calls (a helper pointer must reach "
	      "the call with a value the compiler can trace, a function "
	      "must be called by name)");
    }
  return 0;
}

unsigned int
bpfs_check_rtl_calls (function *)
{
  bool check_library = bpfs_options.check_calls
		       && !bpfs_options.allow_extern_calls;
  for (rtx_insn *insn = get_insns (); insn; insn = NEXT_INSN (insn))
    {
      rtx addr = call_target (insn);
      if (!addr)
	continue;
      if (!check_call_target (insn, addr) || !check_library
	  || GET_CODE (addr) != SYMBOL_REF)
	continue;
      tree decl = SYMBOL_REF_DECL (addr);
      /* User declarations were checked on GIMPLE; libfuncs have
	 artificial declarations (optabs-libfuncs.cc) or none.  */
      if (decl && TREE_CODE (decl) == FUNCTION_DECL
	  && (callable (decl)
	      || (!fndecl_built_in_p (decl) && !DECL_ARTIFICIAL (decl))))
	continue;
      error_at (call_location (INSN_LOCATION (insn)),
		"GCC compiled this into a call to the library routine %qs, "
		"and a BPF program cannot call a library", XSTR (addr, 0));
    }
  return 0;
}
