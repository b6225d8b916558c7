/* lower-division.cc: signed division and modulo without library calls.
 *
 * BPF before cpu v4 has only unsigned division (BPF_DIV, BPF_MOD), so GCC
 * 12 compiles a signed `/' or `%' by anything but a power of two into a
 * call to __divdi3/__moddi3, which a BPF object cannot have (int operands
 * too: GCC widens them and calls the 64-bit routine).  -mxbpf has sdiv and
 * smod, but with encodings of its own that the kernel rejects.
 *
 * Each signed TRUNC_DIV_EXPR / TRUNC_MOD_EXPR (and EXACT_DIV_EXPR by a
 * variable) becomes, in the operands' width (32 bits for int and narrower,
 * 64 for long):
 *   - with -fplugin-arg-bpfsupport-cpu=v4: the kernel's v4 instruction
 *     (BPF_DIV or BPF_MOD with offset 1, kernel 6.6+), raw-encoded through
 *     the __bpfs_insn macro since bpf-as 2.40 has no mnemonic for it;
 *   - otherwise this sequence of unsigned operations (no branch):
 *       sa = a >> (N-1) (arithmetic: 0 or all ones), sb likewise
 *       ua = (a ^ sa) - sa,  ub = (b ^ sb) - sb      (|a|, |b| as unsigned)
 *       a / b  =  ((ua / ub) ^ (sa ^ sb)) - (sa ^ sb)
 *       a % b  =  ((ua % ub) ^ sa) - sa
 *     This is C's truncating division for every defined input, and it
 *     gives the kernel's results for the undefined ones: MIN / -1 wraps to
 *     MIN and MIN % -1 is 0; x / 0 is 0 and x % 0 is x (the kernel's
 *     unsigned division by zero gives 0, modulo by zero the dividend, and
 *     the sign correction keeps them).  The same results as cpu=v4.
 * With -mxbpf GCC's own sdiv/smod are left alone.  Division by a constant
 * power of two (or its negation) is left to GCC, which uses shifts.  */
#include "plugin/gcc-compat.h"
#include "plugin/lower.h"
#include "runtime/insn.h"   /* the uapi names of the encodings */

/* GCC can do A / CST without a library call.  */
static bool
gcc_handles_constant (tree b)
{
  if (TREE_CODE (b) != INTEGER_CST)
    return false;
  wide_int w = wi::to_wide (b);
  if (wi::neg_p (w))
    w = -w;
  return wi::popcount (w) == 1;
}

static tree
lower_sequence (gimple_stmt_iterator *gsi, location_t loc, enum tree_code code,
		tree a, tree b, int bits)
{
  tree stype = build_nonstandard_integer_type (bits, 0);
  tree utype = build_nonstandard_integer_type (bits, 1);
  a = bpfs_convert (gsi, loc, stype, a);
  b = bpfs_convert (gsi, loc, stype, b);
  tree shift = build_int_cst (integer_type_node, bits - 1);
  tree sa = bpfs_convert (gsi, loc, utype,
			  bpfs_emit (gsi, loc, stype, RSHIFT_EXPR, a, shift));
  tree sb = bpfs_convert (gsi, loc, utype,
			  bpfs_emit (gsi, loc, stype, RSHIFT_EXPR, b, shift));
  tree ua = bpfs_convert (gsi, loc, utype, a);
  tree ub = bpfs_convert (gsi, loc, utype, b);
  ua = bpfs_emit (gsi, loc, utype, MINUS_EXPR,
		  bpfs_emit (gsi, loc, utype, BIT_XOR_EXPR, ua, sa), sa);
  ub = bpfs_emit (gsi, loc, utype, MINUS_EXPR,
		  bpfs_emit (gsi, loc, utype, BIT_XOR_EXPR, ub, sb), sb);
  tree sign;
  tree r;
  if (code == TRUNC_MOD_EXPR)
    {
      r = bpfs_emit (gsi, loc, utype, TRUNC_MOD_EXPR, ua, ub);
      sign = sa;
    }
  else
    {
      r = bpfs_emit (gsi, loc, utype, TRUNC_DIV_EXPR, ua, ub);
      sign = bpfs_emit (gsi, loc, utype, BIT_XOR_EXPR, sa, sb);
    }
  r = bpfs_emit (gsi, loc, utype, MINUS_EXPR,
		 bpfs_emit (gsi, loc, utype, BIT_XOR_EXPR, r, sign), sign);
  return r;
}

static tree
lower_v4 (gimple_stmt_iterator *gsi, location_t loc, enum tree_code code,
	  tree a, tree b, int bits)
{
  tree stype = build_nonstandard_integer_type (bits, 0);
  tree res = make_ssa_name (stype);
  tree ins[2] = { bpfs_convert (gsi, loc, stype, a),
		  bpfs_convert (gsi, loc, stype, b) };
  const char *cons[2] = { "0", "r" };
  /* Offset 1 makes BPF_DIV and BPF_MOD signed (cpu v4).  */
  int opcode = (bits == 64 ? BPF_ALU64 : BPF_ALU) | BPF_X
	       | (code == TRUNC_MOD_EXPR ? BPF_MOD : BPF_DIV);
  char text[64];
  snprintf (text, sizeof text, "__bpfs_insn %#x, %%0, %%2, 1, 0", opcode);
  gsi_insert_before (gsi, bpfs_build_asm (loc, text, res, 2, ins, cons, 0),
		     GSI_SAME_STMT);
  return res;
}

bool
bpfs_lower_division (function *fun)
{
#ifdef TARGET_XBPF
  if (TARGET_XBPF)
    return false;
#endif
  bool changed = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gassign *stmt = dyn_cast<gassign *> (gsi_stmt (gsi));
	if (!stmt)
	  continue;
	enum tree_code code = gimple_assign_rhs_code (stmt);
	if (code != TRUNC_DIV_EXPR && code != TRUNC_MOD_EXPR
	    && code != EXACT_DIV_EXPR)
	  continue;
	tree lhs = gimple_assign_lhs (stmt);
	tree type = TREE_TYPE (lhs);
	if (!INTEGRAL_TYPE_P (type) || TYPE_UNSIGNED (type))
	  continue;
	tree a = gimple_assign_rhs1 (stmt), b = gimple_assign_rhs2 (stmt);
	if (gcc_handles_constant (b)
	    || (code == EXACT_DIV_EXPR && TREE_CODE (b) == INTEGER_CST))
	  continue;
	location_t loc = gimple_location (stmt);
	int prec = TYPE_PRECISION (type);
	if (prec > 64 && bpfs_options.allow_extern_calls)
	  continue;
	if (prec > 64)
	  {
	    error_at (loc, "signed division of %d-bit integers needs a "
		      "library call, which BPF programs cannot make", prec);
	    continue;
	  }
	if (code == EXACT_DIV_EXPR)
	  code = TRUNC_DIV_EXPR;
	int bits = prec <= 32 ? 32 : 64;
	/* The raw encoding puts the registers in little-endian order.  */
	tree r = bpfs_options.cpu >= 4 && !BYTES_BIG_ENDIAN
		 ? lower_v4 (&gsi, loc, code, a, b, bits)
		 : lower_sequence (&gsi, loc, code, a, b, bits);
	r = bpfs_convert (&gsi, loc, type, r);
	gimple_assign_set_rhs_from_tree (&gsi, r);
	update_stmt (gsi_stmt (gsi));
	changed = true;
      }
  return changed;
}
