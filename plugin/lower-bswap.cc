/* lower-bswap.cc: __builtin_bswap16/32/64 as BPF byte-swap instructions.
 *
 * GCC 12's BPF backend has no bswap pattern, so __builtin_bswap32 and
 * __builtin_bswap64 become calls to __bswapsi2/__bswapdi2 (a library a BPF
 * object cannot call), and __builtin_bswap16 a shift-and-or sequence.
 * libbpf's bpf_endian.h uses them for bpf_htonl, bpf_ntohl, bpf_be64_to_cpu
 * and friends on non-constant values, so every program that converts a
 * packet field is hit.
 *
 * BPF has the instruction clang uses: BPF_ALU | BPF_END | BPF_TO_BE
 * (`be16', `be32', `be64'), which on a little-endian target swaps the low
 * 16, 32 or 64 bits and zeroes the bits above them -- exactly bswapN's
 * value.  (On a big-endian target BPF_TO_LE is the swap.)  It is in every
 * kernel's instruction set (cpu v1), so the same encoding serves every
 * -fplugin-arg-bpfsupport-cpu.  Each call becomes an asm statement that
 * spells the instruction through the __bpfs_insn macro (lowering.cc):
 * the register allocator picks the register, the asm is neither volatile
 * nor touches memory, so GCC may still move or delete it like the
 * arithmetic it is.  Source register and offset are 0, as the verifier
 * requires.  */
#include "plugin/gcc-compat.h"
#include "plugin/lower.h"
#include "runtime/insn.h"   /* the uapi names of the encodings */

/* The width the call swaps (16, 32, 64), or 0 when it is no bswap.  */
static int
bswap_width (gimple *stmt)
{
  if (!is_gimple_call (stmt) || gimple_call_num_args (stmt) != 1)
    return 0;
  tree fndecl = gimple_call_fndecl (stmt);
  if (!fndecl || !fndecl_built_in_p (fndecl, BUILT_IN_NORMAL))
    return 0;
  switch (DECL_FUNCTION_CODE (fndecl))
    {
    case BUILT_IN_BSWAP16: return 16;
    case BUILT_IN_BSWAP32: return 32;
    case BUILT_IN_BSWAP64: return 64;
    default: return 0;
    }
}

static void
lower_one (gimple_stmt_iterator *gsi, int width)
{
  gimple *call = gsi_stmt (*gsi);
  tree lhs = gimple_call_lhs (call);
  if (!lhs)
    {
      /* A result nobody reads: nothing to compute.  */
      unlink_stmt_vdef (call);
      gsi_replace (gsi, gimple_build_nop (), false);
      return;
    }
  location_t loc = gimple_location (call);
  tree type = TREE_TYPE (lhs);
  tree arg = bpfs_convert (gsi, loc, type, gimple_call_arg (call, 0));
  /* The swap is the conversion to the other byte order.  */
  char text[64];
  snprintf (text, sizeof text, "__bpfs_insn 0x%x, %%0, %%%%r0, 0, %d",
	    BPF_ALU | BPF_END | (BYTES_BIG_ENDIAN ? BPF_TO_LE : BPF_TO_BE),
	    width);
  tree out = make_ssa_name (type);
  vec<tree, va_gc> *inputs = NULL, *outputs = NULL;
  vec_safe_push (outputs, bpfs_asm_operand ("=r", out));
  vec_safe_push (inputs, bpfs_asm_operand ("0", arg));
  gasm *stmt = gimple_build_asm_vec (ggc_strdup (text), inputs, outputs,
				     NULL, NULL);
  gimple_set_location (stmt, loc);
  SSA_NAME_DEF_STMT (out) = stmt;
  gsi_insert_before (gsi, stmt, GSI_SAME_STMT);
  bpfs_lower_need_macros ();
  bpfs_replace_call (gsi, out);
}

bool
bpfs_lower_bswap (function *fun)
{
  bool changed = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	int width = bswap_width (gsi_stmt (gsi));
	if (!width)
	  continue;
	lower_one (&gsi, width);
	changed = true;
      }
  return changed;
}
