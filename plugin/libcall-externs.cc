/* libcall-externs.cc: no `.global __divdi3' for a library call that is
   not in the code.
 *
 * When GCC creates a call to a library routine (emit_library_call) it
 * declares the routine at once, through targetm.asm_out.external_libcall,
 * which on ELF targets writes `.global NAME' into the assembly right away.
 * The call itself may never reach the output: expand often builds two
 * sequences and keeps the cheaper (a signed division whose operands are
 * known non-negative is expanded both as a signed division, i.e. a call to
 * __divdi3, and as an unsigned one, and the `div' wins), and later passes
 * delete dead calls.  The declaration stays: the object then has an
 * undefined global symbol that nothing references, and libbpf refuses the
 * whole object ("failed to find BTF for extern '__divdi3'").
 *
 * The plugin takes over the hook: each routine's name is remembered, and
 * at the end of the unit `.global NAME' is written only for the names the
 * assembly really uses (assemble_name marks an identifier referenced when
 * it prints it, e.g. in `call NAME').  Such a call is an error anyway
 * unless extern calls are allowed (check-calls), but then the object is
 * linked with the library and keeps its declaration as before.  */
#include "plugin/gcc-compat.h"

/* The names (as GCC would print them), heap-allocated.  */
static vec<char *> pending_libcalls;

static void
defer_external_libcall (rtx fun)
{
  pending_libcalls.safe_push (xstrdup (XSTR (fun, 0)));
}

void
bpfs_declare_used_libcalls (void *, void *)
{
  unsigned i;
  char *name;
  FOR_EACH_VEC_ELT (pending_libcalls, i, name)
    {
      tree id = maybe_get_identifier (targetm.strip_name_encoding (name));
      if (asm_out_file && id && TREE_SYMBOL_REFERENCED (id))
	targetm.asm_out.globalize_label (asm_out_file, name);
      free (name);
    }
  pending_libcalls.release ();
}

void
bpfs_libcall_externs_init (void)
{
  targetm.asm_out.external_libcall = defer_external_libcall;
}
