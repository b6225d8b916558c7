/* verifier-packet-arith.cc: integer arithmetic on the packet pointers
   that xdp_md and __sk_buff hold as __u32 fields (data, data_end,
   data_meta) subtracts the pointers first, as the source wrote it.
 *
 * The verifier turns a load of such a field into a pointer (pkt, pkt_end,
 * pkt_meta) and allows little arithmetic on it: the difference of two of
 * them is a scalar, but a constant added to pkt_end, or any 32-bit
 * arithmetic on a pointer, is refused.  GCC treats the fields as the
 * integers they are declared as and rewrites freely:
 *
 * - `__u32 len = ctx->data_end - ctx->data; __u32 b = len - 1000;' was
 *   reassociated into `(data_end + -1000) - data': `w0 += -1000' on
 *   pkt_end ("R0 32-bit pointer arithmetic prohibited"), at v3 and v4.
 *   clang subtracts first.  Here `(X + C) - Y' becomes `(X - Y) + C' and
 *   `X - (Y + C)' becomes `(X - Y) - C'.
 * - `ctx->data_meta == ctx->data' as a value was computed as `(X ^ Y) ==
 *   0' by GCC's store-flag expansion ("R3 pointer ^= pointer
 *   prohibited").  Here it becomes `(X - Y) == 0' (and `!=' alike).
 *
 * In the late pass (after "optimized"): no GIMPLE pass re-associates it
 * afterwards, and RTL keeps the subtraction (a difference of pointers is
 * one instruction the verifier takes).  */
#include "plugin/gcc-compat.h"
#include "plugin/verifier.h"
#include "plugin/lower.h"

/* NAME (an SSA name) is a load of a packet-pointer field of xdp_md or
   __sk_buff.  */
static bool
packet_field_load_p (tree name)
{
  if (!name || TREE_CODE (name) != SSA_NAME)
    return false;
  gimple *def = SSA_NAME_DEF_STMT (name);
  if (!def || !gimple_assign_load_p (def))
    return false;
  tree ref = gimple_assign_rhs1 (def);
  if (TREE_CODE (ref) != COMPONENT_REF)
    return false;
  tree field = TREE_OPERAND (ref, 1);
  const char *r = bpfs_struct_name (DECL_CONTEXT (field));
  if (!r || !DECL_NAME (field))
    return false;
  const char *f = IDENTIFIER_POINTER (DECL_NAME (field));
  return (!strcmp (r, "xdp_md") || !strcmp (r, "__sk_buff"))
	 && (!strcmp (f, "data") || !strcmp (f, "data_end")
	     || !strcmp (f, "data_meta"));
}

/* NAME is `X + C' or `X - C' (C a constant, X a packet field load) used
   once: true with X, C and the code.  */
static bool
packet_field_plus_constant (tree name, tree *x, tree *c, enum tree_code *code)
{
  if (TREE_CODE (name) != SSA_NAME || !has_single_use (name))
    return false;
  gimple *def = SSA_NAME_DEF_STMT (name);
  if (!is_gimple_assign (def))
    return false;
  *code = gimple_assign_rhs_code (def);
  if (*code != PLUS_EXPR && *code != MINUS_EXPR)
    return false;
  *x = gimple_assign_rhs1 (def);
  *c = gimple_assign_rhs2 (def);
  return TREE_CODE (*c) == INTEGER_CST && packet_field_load_p (*x);
}

/* Before GSI, `X - Y' in TYPE; returns it.  */
static tree
difference (gimple_stmt_iterator *gsi, tree type, tree x, tree y)
{
  return bpfs_emit (gsi, gimple_location (gsi_stmt (*gsi)), type, MINUS_EXPR,
		    x, y);
}

/* STMT at GSI, `A - B', with a constant moved across a packet-pointer
   difference: rewritten with the pointers subtracted first.  */
static bool
reassociated_difference (gimple_stmt_iterator *gsi, gassign *stmt)
{
  tree type = TREE_TYPE (gimple_assign_lhs (stmt));
  tree a = gimple_assign_rhs1 (stmt), b = gimple_assign_rhs2 (stmt);
  tree x, c;
  enum tree_code code;
  /* (X +- C) - B, B a packet field: (X - B) +- C.  */
  if (packet_field_load_p (b) && packet_field_plus_constant (a, &x, &c, &code)
      && types_compatible_p (TREE_TYPE (x), type))
    {
      tree d = difference (gsi, type, x, b);
      gimple_assign_set_rhs_with_ops (gsi, code, d, c);
      return true;
    }
  /* A - (Y +- C), A a packet field: (A - Y) -+ C.  */
  if (packet_field_load_p (a) && packet_field_plus_constant (b, &x, &c, &code)
      && types_compatible_p (TREE_TYPE (x), type))
    {
      tree d = difference (gsi, type, a, x);
      gimple_assign_set_rhs_with_ops (gsi, code == PLUS_EXPR ? MINUS_EXPR
				      : PLUS_EXPR, d, c);
      return true;
    }
  return false;
}

/* STMT at GSI, `X == Y' or `X != Y' of two packet fields as a value:
   `(X - Y) == 0'.  */
static bool
packet_equality_value (gimple_stmt_iterator *gsi, gassign *stmt)
{
  tree x = gimple_assign_rhs1 (stmt), y = gimple_assign_rhs2 (stmt);
  if (!packet_field_load_p (x) || !packet_field_load_p (y))
    return false;
  tree d = difference (gsi, TREE_TYPE (x), x, y);
  gimple_assign_set_rhs_with_ops (gsi, gimple_assign_rhs_code (stmt), d,
				  build_zero_cst (TREE_TYPE (x)));
  return true;
}

bool
bpfs_verifier_packet_arithmetic (function *fun)
{
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
	bool done = false;
	if (code == MINUS_EXPR
	    && INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_lhs (stmt))))
	  done = reassociated_difference (&gsi, stmt);
	else if (code == EQ_EXPR || code == NE_EXPR)
	  done = packet_equality_value (&gsi, stmt);
	if (done)
	  {
	    update_stmt (gsi_stmt (gsi));
	    changed = true;
	  }
      }
  return changed;
}
