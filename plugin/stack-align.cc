/* stack-align.cc: stack locals aligned as the verifier needs: nothing
   above 8 bytes (no realigned frame), and scalars below 8 bytes at 8.
 *
 * `char buf[32] __attribute__((aligned(64)))', or a local of a type
 * declared aligned(64) (a perf event record, a cache-line padded struct),
 * makes GCC realign: it copies r10 and masks it, `r1 = r10; r1 &= -64',
 * and addresses the local through that register.  The verifier refuses
 * the mask ("R1 bitwise operator &= on pointer prohibited"), so the
 * program does not load.  clang never realigns a BPF frame: it lays the
 * local out at an offset from r10, the only stack pointer the verifier
 * knows, and the kernel gives r10 only 8-byte alignment.  So no BPF
 * toolchain can promise more than 8 bytes on the stack; here every local
 * aligned above the stack boundary (64 bits) is given that alignment just
 * before expansion, and the frame is laid out as for any other local.
 * Statics and globals keep their alignment (sections are aligned as
 * asked).
 *
 * The other way, a scalar local smaller than 8 bytes that lives on the
 * stack (its address taken, `u32 key' passed to bpf_map_lookup_elem, or
 * every local at -O0) is given a slot of its own at an 8-byte aligned
 * offset.  The verifier tracks the value of a stack slot written from a
 * register or an immediate only when the write is at an 8-byte aligned
 * offset (check_stack_write_fixed_off: `!(off % BPF_REG_SIZE)'); GCC packs
 * a u32 at fp-4, so the slot becomes STACK_MISC and every load of it an
 * unknown value.  A loop counter kept there then never changes in the
 * verifier's eyes: `for (u32 k = 0; k < 8; k++) bpf_map_lookup_elem(&m,
 * &k)' is refused as "infinite loop detected", and a bounded value read
 * back from such a slot loses its bounds.  clang's slots for these locals
 * are 8-byte aligned.  The cost is at most 7 bytes of stack a local.
 *
 * At -O0 a scalar local that is not addressable is an SSA name whose
 * stack slot expansion aligns by its type, not by the declaration, so
 * there such locals are made memory (DECL_NOT_GIMPLE_REG_P) before they
 * are gimplified: at -O0 every local is in memory anyway, and the
 * declaration's alignment is then the slot's.  */
#include "plugin/gcc-compat.h"

/* A scalar the verifier can track in a stack slot: an integer, an enum,
   a bool or a pointer, narrower than a register.  */
static bool
small_scalar_p (tree type)
{
  if (!(INTEGRAL_TYPE_P (type) || POINTER_TYPE_P (type)))
    return false;
  tree size = TYPE_SIZE_UNIT (type);
  return size && tree_fits_uhwi_p (size) && tree_to_uhwi (size) < UNITS_PER_WORD;
}

/* A local whose slot may be raised to 8-byte alignment.  Not a volatile
   one: `volatile int nr' counting the turns of an open-coded iterator
   loop (bpf_for_each) is how programs keep a value from the compiler,
   and such loops are written for a verifier that does not track it: a
   tracked counter is a new state every turn, and the loop runs into the
   1M-instruction limit (selftests' verifier_bits_iter.c, max_words).  */
static bool
stack_scalar_p (tree var)
{
  return (VAR_P (var) && !TREE_STATIC (var) && !DECL_EXTERNAL (var)
	  && !DECL_HARD_REGISTER (var) && !TREE_THIS_VOLATILE (var)
	  && DECL_ALIGN (var) < STACK_BOUNDARY
	  && small_scalar_p (TREE_TYPE (var)));
}

static tree
memory_scalars_in_binds (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == BIND_EXPR)
    for (tree var = BIND_EXPR_VARS (*tp); var; var = DECL_CHAIN (var))
      /* Only locals the function uses: an unused one in memory would be
	 given a slot of its own.  */
      if (TREE_USED (var) && stack_scalar_p (var))
	{
	  DECL_NOT_GIMPLE_REG_P (var) = 1;
	  SET_DECL_ALIGN (var, STACK_BOUNDARY);
	}
  return NULL_TREE;
}

/* PRE_GENERICIZE, at -O0: the function's small scalar locals in memory,
   8-byte aligned.  Not in a naked function, which has no frame (its
   locals are errors there, plugin/naked.cc).  */
void
bpfs_align_stack_scalars_O0 (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (optimize || !fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !DECL_SAVED_TREE (fndecl)
      || lookup_attribute ("naked", DECL_ATTRIBUTES (fndecl)))
    return;
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl), memory_scalars_in_binds, NULL);
}

unsigned int
bpfs_cap_stack_alignment (function *fun)
{
  unsigned ix;
  tree var;
  FOR_EACH_LOCAL_DECL (fun, ix, var)
    {
      if (VAR_P (var) && !TREE_STATIC (var) && !DECL_EXTERNAL (var)
	  && DECL_ALIGN (var) > STACK_BOUNDARY)
	SET_DECL_ALIGN (var, STACK_BOUNDARY);
      else if (stack_scalar_p (var))
	SET_DECL_ALIGN (var, STACK_BOUNDARY);
    }
  return 0;
}
