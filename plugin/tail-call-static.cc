/* tail-call-static.cc: bpf_tail_call_static for bpf-gcc 12.
 *
 * libbpf's bpf_helpers.h defines bpf_tail_call_static (CTX, MAP, SLOT), a
 * tail call whose slot is a constant, only for clang (libbpf 1.1) or for
 * clang and GCC > 12 (libbpf 1.5): programs that use it (bpf_flow.c, the
 * kernel's tailcall tests, Cilium) do not compile with bpf-gcc 12.  What it
 * is for: the slot must reach `call 12' (bpf_tail_call) as a constant in
 * r3, set on the same path as r2's map, so that the verifier tracks the key
 * and the x86-64 JIT patches the call into a direct jump (kernel commit
 * d2e4c1e6c294, "bpf: Constant map key tracking for prog array pokes").
 *
 * The plugin defines the same name in every unit (first #include), as a
 * function-like macro (the headers define it for GCC 12 only when told
 * __clang_major__, as bpf-cc does: then libbpf 1.1's own is used and the
 * macro is taken back), expanding to the sequence clang's definition writes:
 *     mov %r1, CTX;  mov %r2, MAP;  mov %r3, SLOT;  call 12
 * in one asm statement, SLOT an "i" (immediate) operand: a slot that is not
 * a compile-time constant is a compile error ("impossible constraint"),
 * as clang's __bpf_unreachable is.  The asm is volatile so that GCC can
 * neither merge two such calls nor drop one, clobbers r0-r5 as a helper
 * call does, and clobbers memory: a successful tail call does not return,
 * and stores before it (a map, a packet, a global the next program reads)
 * must be done first.  A user's own macro of the same name wins: it is
 * defined after ours and GCC only warns about the redefinition.  */
#include "plugin/gcc-compat.h"

static const char tail_call_static_macro[] =
  "bpf_tail_call_static(ctx,map,slot)="
  "__asm__ __volatile__ ("
  "\"mov %%r1, %0\\n\\tmov %%r2, %1\\n\\tmov %%r3, %2\\n\\tcall 12\" "
  ": : \"r\" ((void *) (ctx)), \"r\" ((const void *) (map)), "
  "\"i\" ((unsigned int) (slot)) "
  ": \"r0\", \"r1\", \"r2\", \"r3\", \"r4\", \"r5\", \"memory\")";

static bool defined_macro;

/* Whether the bpf_helpers.h at PATH defines bpf_tail_call_static for
   this compile: libbpf 1.1's does under `__clang_major__ >= 8 &&
   defined(__bpf__)' alone, and bpf-cc defines __clang_major__ (17, the
   clang it stands for; later libbpf also asks for __clang__).  Then the
   header's own function is the one (its asm is clang's syntax, which
   bpf-asm reads), and our macro would turn its definition into a syntax
   error.  */
static bool
header_defines_tail_call_static (const char *path)
{
  cpp_hashnode *major = cpp_lookup (parse_in, (const unsigned char *) "__clang_major__",
				    strlen ("__clang_major__"));
  if (!major || !cpp_macro_p (major))
    return false;
  const char *def = (const char *) cpp_macro_definition (parse_in, major);
  const char *num = def ? strchr (def, ' ') : NULL;
  if (!num || atoi (num + 1) < 8)
    return false;
  FILE *f = fopen (path, "r");
  if (!f)
    return false;
  char line[512];
  bool guarded = false;
  while (fgets (line, sizeof line, f))
    if (strstr (line, "__clang_major__ >= 8 && defined(__bpf__)")
	&& !strstr (line, "__clang__"))
      guarded = true;
  fclose (f);
  return guarded;
}

/* At the first #include (the headers come first, and with -E or
   -save-temps no unit is started: the preprocessed text must already have
   the expansion), or at the start of the unit; taken back when a
   bpf_helpers.h that defines the function itself is entered.  */
void
bpfs_define_tail_call_static (void *gcc_data, void *)
{
  if (!parse_in)
    return;
  if (!defined_macro)
    {
      defined_macro = true;
      cpp_define (parse_in, tail_call_static_macro);
    }
  const char *path = (const char *) gcc_data;
  size_t n = path ? strlen (path) : 0, k = strlen ("bpf/bpf_helpers.h");
  if (n >= k && !strcmp (path + n - k, "bpf/bpf_helpers.h")
      && header_defines_tail_call_static (path))
    {
      /* Undefined in place: a directive (cpp_undef) run while libcpp
	 enters a file corrupts its buffers.  */
      cpp_hashnode *node
	= cpp_lookup (parse_in, (const unsigned char *) "bpf_tail_call_static",
		      strlen ("bpf_tail_call_static"));
      if (node && cpp_macro_p (node))
	{
	  node->type = NT_VOID;
	  node->value.answers = NULL;
	}
    }
}

/* A function that makes a tail call must return int: the verifier refuses
   a subprogram with a tail call whose BTF return type is not int ("tail_call
   is only allowed in functions that return 'int'").  When no caller reads
   the value of `static __noinline int sub (...)', GCC's IPA-SRA replaces it
   by a clone `sub.isra.0' returning void, and the BTF says so.  Functions
   that contain a tail call (helper 12, or the asm above) are kept out of
   IPA-SRA: their own options get -fno-ipa-sra.  */
static bool
has_tail_call (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (gasm *as = dyn_cast<gasm *> (stmt))
	  {
	    if (strstr (gimple_asm_string (as), "call 12"))
	      return true;
	  }
	else if (is_gimple_call (stmt))
	  {
	    tree fndecl = gimple_call_fndecl (stmt);
	    if (fndecl && bpfs_kernel_helper_number (fndecl) == 12)
	      return true;
	  }
      }
  return false;
}

void
bpfs_keep_tail_callers_signature (void *, void *)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION_WITH_GIMPLE_BODY (node)
    {
      function *fun = DECL_STRUCT_FUNCTION (node->decl);
      if (!fun || !fun->cfg || !opt_for_fn (node->decl, flag_ipa_sra)
	  || !has_tail_call (fun))
	continue;
      tree old = DECL_FUNCTION_SPECIFIC_OPTIMIZATION (node->decl);
      if (!old)
	old = optimization_default_node;
      tree opts = make_node (OPTIMIZATION_NODE);
      *TREE_OPTIMIZATION (opts) = *TREE_OPTIMIZATION (old);
      TREE_OPTIMIZATION (opts)->x_flag_ipa_sra = 0;
      DECL_FUNCTION_SPECIFIC_OPTIMIZATION (node->decl) = opts;
    }
}
