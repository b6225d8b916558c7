/* verifier-asm.cc: a volatile asm is a memory barrier, as in clang.

   Cilium's and xdp-tutorial's xdp_store_bytes bound a packet pointer in a
   volatile asm (it loads ctx->data and ctx->data_end itself and compares)
   with no "memory" clobber; the caller loaded `data = ctx->data' before
   it.  The verifier gives the range the asm proves to every packet pointer
   it holds at the compare, `data' too.  For GCC such an asm touches no
   memory, so the sink pass moved the load of ctx->data below it, into the
   branch that uses it: a fresh packet pointer of range 0, and the program
   clang builds loads was refused ("R3 offset is outside of the packet").
   Clang (CodeGen's inline asm) marks only a non-volatile asm as reading no
   memory; a volatile one may read and write any.  Before gimplification,
   each volatile asm (asm goto included) gains the "memory" clobber: no
   load or store moves across it, at GIMPLE or RTL, as in clang.  */
#include "plugin/gcc-compat.h"
#include "plugin/asm-walk.h"
#include "plugin/verifier.h"

static bool
clobbers_memory_p (tree asm_expr)
{
  for (tree c = ASM_CLOBBERS (asm_expr); c; c = TREE_CHAIN (c))
    if (!strcmp (TREE_STRING_POINTER (TREE_VALUE (c)), "memory"))
      return true;
  return false;
}

static void
add_memory_clobber (tree t)
{
  if (ASM_VOLATILE_P (t) && !clobbers_memory_p (t))
    ASM_CLOBBERS (t) = tree_cons (NULL_TREE, build_string (7, "memory"),
				  ASM_CLOBBERS (t));
}

void
bpfs_volatile_asm_barriers (void *gcc_data, void *)
{
  bpfs_for_each_asm (gcc_data, add_memory_clobber);
}
