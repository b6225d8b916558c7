/* verifier-ctx.cc: context fields are read and written with their own
   size, and never stored as an immediate.
 *
 * The verifier checks every access to a program's context (struct
 * __sk_buff, xdp_md, bpf_sockopt, ...) against a table of fields, each
 * with its own offset and size; an access that spans two fields is refused
 * ("invalid bpf_context access off=24 size=8"), and so is a BPF_ST (store
 * of an immediate) into the context ("BPF_ST stores into R1 ctx is not
 * allowed").  clang never produces either.  GCC does, in three places:
 *
 * - fold_truth_andor_1 (fold-const.cc), already while the C front end
 *   parses, merges `ctx->level == 1 && ctx->optname == 2' into one 64-bit
 *   load and compare: `BIT_FIELD_REF <*ctx, 64, 192> == 0x200000001'.
 *   It has no switch.  Before the body is gimplified (PLUGIN_PRE_GENERICIZE,
 *   before the CO-RE rewrite, which needs the fields to relocate them) the
 *   plugin splits every such compare of a struct back into one compare per
 *   field: a merged compare of a preserve_access_index struct would
 *   otherwise also lose its CO-RE relocations, silently.
 * - The store-merging pass (-O2) merges `ctx->optlen = 0; ctx->retval = 0'
 *   into one 64-bit store.  Right before it, a pass marks each store into a
 *   context struct as having volatile operands, which store-merging treats
 *   as the end of every chain: those stores keep their size, others still
 *   merge.
 * - Every -O level stores constants with `stw [rX+off], imm'.  In the late
 *   lowering position (after "optimized", at every -O level) a constant
 *   stored into a context struct becomes the output of an empty asm, so it
 *   is in a register (`stxw').
 *
 * A context struct is recognised by its name: the UAPI program contexts
 * (bpf.h and vmlinux.h name them alike).  */
#include "plugin/gcc-compat.h"
#include "plugin/verifier.h"

static const char *const context_structs[] = {
  "__sk_buff", "xdp_md", "bpf_sock_ops", "bpf_sockopt", "bpf_sock_addr",
  "bpf_sock", "sk_msg_md", "sk_reuseport_md", "bpf_sk_lookup", "bpf_sysctl",
  "bpf_cgroup_dev_ctx", "bpf_perf_event_data", "bpf_raw_tracepoint_args",
  "bpf_nf_ctx", "pt_regs",
};

const char *
bpfs_struct_name (tree type)
{
  if (!type || TREE_CODE (type) != RECORD_TYPE)
    return NULL;
  tree name = TYPE_NAME (TYPE_MAIN_VARIANT (type));
  if (name && TREE_CODE (name) == TYPE_DECL)
    name = DECL_NAME (name);
  if (!name || TREE_CODE (name) != IDENTIFIER_NODE)
    return NULL;
  return IDENTIFIER_POINTER (name);
}

static bool
context_struct_p (tree type)
{
  const char *name = bpfs_struct_name (type);
  if (!name)
    return false;
  for (size_t i = 0; i < ARRAY_SIZE (context_structs); i++)
    if (!strcmp (name, context_structs[i]))
      return true;
  return false;
}

static bool
points_to_context (tree t)
{
  return t && POINTER_TYPE_P (t) && context_struct_p (TREE_TYPE (t));
}

/* REF (a GIMPLE memory reference) is inside a context struct.  */
static bool
context_access_p (tree ref)
{
  for (tree t = ref; t; t = TREE_OPERAND (t, 0))
    {
      if (context_struct_p (TREE_TYPE (t)))
	return true;
      if (TREE_CODE (t) == MEM_REF)
	return points_to_context (TREE_TYPE (TREE_OPERAND (t, 0)))
	       || points_to_context (TREE_TYPE (TREE_OPERAND (t, 1)));
      if (!handled_component_p (t))
	return false;
    }
  return false;
}

/* ------------------------------------- GENERIC: merged field compares */

/* One field's part of a merged compare: REF & MASK == VALUE.  */
struct field_part { tree ref; unsigned HOST_WIDE_INT mask, value; };

/* Collect the parts of OBJ (of record TYPE) that lie in the bits [POS,
   POS + SIZE) of the merged value, MASK/VALUE being the merged mask and
   constant; COVERED gets the bits a part accounts for.  False when a bit
   that is compared falls on something other than a whole integer field
   (or array element), where splitting would change what is read.  */
static bool
collect_parts (tree obj, tree type, HOST_WIDE_INT pos, HOST_WIDE_INT size,
	       unsigned HOST_WIDE_INT mask, unsigned HOST_WIDE_INT value,
	       HOST_WIDE_INT base, unsigned HOST_WIDE_INT *covered,
	       vec<field_part> *parts)
{
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL || !DECL_SIZE (f)
	  || !tree_fits_uhwi_p (DECL_SIZE (f))
	  || !tree_fits_shwi_p (bit_position (f)))
	continue;
      HOST_WIDE_INT fpos = base + int_bit_position (f);
      HOST_WIDE_INT fsize = tree_to_uhwi (DECL_SIZE (f));
      if (fpos + fsize <= pos || fpos >= pos + size)
	continue;
      tree ftype = TREE_TYPE (f);
      tree ref = build3 (COMPONENT_REF, ftype, obj, f, NULL_TREE);
      if (TREE_CODE (ftype) == RECORD_TYPE)
	{
	  if (!collect_parts (ref, ftype, pos, size, mask, value, fpos,
			      covered, parts))
	    return false;
	  continue;
	}
      /* An integer field, or an array of them: one part per element.  */
      tree etype = ftype;
      HOST_WIDE_INT esize = fsize, count = 1;
      if (TREE_CODE (ftype) == ARRAY_TYPE)
	{
	  etype = TREE_TYPE (ftype);
	  if (!TYPE_SIZE (etype) || !tree_fits_uhwi_p (TYPE_SIZE (etype))
	      || !TYPE_DOMAIN (ftype)
	      || !tree_fits_shwi_p (TYPE_MIN_VALUE (TYPE_DOMAIN (ftype))))
	    return false;
	  esize = tree_to_uhwi (TYPE_SIZE (etype));
	  if (!esize || fsize % esize)
	    return false;
	  count = fsize / esize;
	}
      for (HOST_WIDE_INT i = 0; i < count; i++)
	{
	  HOST_WIDE_INT epos = fpos + i * esize;
	  if (epos + esize <= pos || epos >= pos + size)
	    continue;
	  if (epos < pos || epos + esize > pos + size || DECL_BIT_FIELD (f)
	      || !INTEGRAL_TYPE_P (etype)
	      || TYPE_PRECISION (etype) != (unsigned) esize)
	    return false;
	  unsigned shift = epos - pos;
	  unsigned HOST_WIDE_INT emask
	    = esize == 64 ? HOST_WIDE_INT_M1U : (HOST_WIDE_INT_1U << esize) - 1;
	  *covered |= emask << shift;
	  unsigned HOST_WIDE_INT m = (mask >> shift) & emask;
	  if (!m)
	    continue;
	  tree eref = ref;
	  if (TREE_CODE (ftype) == ARRAY_TYPE)
	    {
	      tree low = TYPE_MIN_VALUE (TYPE_DOMAIN (ftype));
	      eref = build4 (ARRAY_REF, etype, ref,
			     size_int (tree_to_shwi (low) + i), NULL_TREE,
			     NULL_TREE);
	    }
	  field_part p = { eref, m, (value >> shift) & emask };
	  parts->safe_push (p);
	}
    }
  return true;
}

static tree
strip_nops_tree (tree t)
{
  while (CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR)
    t = TREE_OPERAND (t, 0);
  return t;
}

/* CMP is `(BIT_FIELD_REF <S, SIZE, POS> & MASK) ==/!= C' over a struct S:
   the same test, field by field (&& for ==, || for !=).  NULL_TREE when
   it is not that shape.  */
static tree
split_merged_compare (tree cmp)
{
  if (BYTES_BIG_ENDIAN)
    return NULL_TREE;
  tree lhs = strip_nops_tree (TREE_OPERAND (cmp, 0));
  tree rhs = TREE_OPERAND (cmp, 1);
  if (TREE_CODE (rhs) != INTEGER_CST)
    return NULL_TREE;
  unsigned HOST_WIDE_INT mask = HOST_WIDE_INT_M1U;
  if (TREE_CODE (lhs) == BIT_AND_EXPR
      && TREE_CODE (TREE_OPERAND (lhs, 1)) == INTEGER_CST)
    {
      mask = TREE_INT_CST_LOW (TREE_OPERAND (lhs, 1));
      lhs = strip_nops_tree (TREE_OPERAND (lhs, 0));
    }
  if (TREE_CODE (lhs) != BIT_FIELD_REF
      || !tree_fits_uhwi_p (TREE_OPERAND (lhs, 1))
      || !tree_fits_uhwi_p (TREE_OPERAND (lhs, 2)))
    return NULL_TREE;
  tree obj = TREE_OPERAND (lhs, 0);
  HOST_WIDE_INT size = tree_to_uhwi (TREE_OPERAND (lhs, 1));
  HOST_WIDE_INT pos = tree_to_uhwi (TREE_OPERAND (lhs, 2));
  if (TREE_CODE (TREE_TYPE (obj)) != RECORD_TYPE || size <= 0 || size > 64)
    return NULL_TREE;
  if (size < 64)
    mask &= (HOST_WIDE_INT_1U << size) - 1;
  unsigned HOST_WIDE_INT value = TREE_INT_CST_LOW (rhs) & mask;
  unsigned HOST_WIDE_INT covered = 0;
  auto_vec<field_part> parts;
  if (!collect_parts (obj, TREE_TYPE (obj), pos, size, mask, value, 0,
		      &covered, &parts)
      || (mask & ~covered) || parts.length () < 2)
    return NULL_TREE;

  enum tree_code code = TREE_CODE (cmp);
  tree type = TREE_TYPE (cmp);
  location_t loc = EXPR_LOCATION (cmp);
  tree result = NULL_TREE;
  for (const field_part &p : parts)
    {
      tree ftype = TREE_TYPE (p.ref);
      unsigned prec = TYPE_PRECISION (ftype);
      unsigned HOST_WIDE_INT all
	= prec == 64 ? HOST_WIDE_INT_M1U : (HOST_WIDE_INT_1U << prec) - 1;
      tree x = p.ref;
      if (p.mask != all)
	x = build2 (BIT_AND_EXPR, ftype, x,
		    wide_int_to_tree (ftype, wi::uhwi (p.mask, prec)));
      tree c = build2_loc (loc, code, type, x,
			   wide_int_to_tree (ftype, wi::uhwi (p.value, prec)));
      /* No fold: fold would merge them again.  */
      result = !result ? c
	       : build2_loc (loc, code == EQ_EXPR ? TRUTH_ANDIF_EXPR
						  : TRUTH_ORIF_EXPR,
			     type, result, c);
    }
  return result;
}

static tree
split_compares_r (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (*tp) != EQ_EXPR && TREE_CODE (*tp) != NE_EXPR)
    return NULL_TREE;
  if (tree split = split_merged_compare (*tp))
    {
      *tp = split;
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

void
bpfs_split_compares (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (fndecl && DECL_SAVED_TREE (fndecl))
    walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl),
				  split_compares_r, NULL);
}

/* ----------------------------------- GIMPLE: stores into the context */

unsigned int
bpfs_keep_context_stores (function *fun)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (gimple_store_p (stmt) && !gimple_clobber_p (stmt)
	    && is_gimple_assign (stmt)
	    && context_access_p (gimple_assign_lhs (stmt)))
	  gimple_set_has_volatile_ops (stmt, true);
      }
  return 0;
}

tree
bpfs_opaque_copy (gimple_stmt_iterator *gsi, tree value, location_t loc)
{
  tree tmp = make_ssa_name (TREE_TYPE (value));
  vec<tree, va_gc> *inputs = NULL, *outputs = NULL;
  vec_safe_push (outputs, build_tree_list (build_tree_list
					   (NULL_TREE, build_string (3, "=r")),
					   tmp));
  vec_safe_push (inputs, build_tree_list (build_tree_list
					  (NULL_TREE, build_string (2, "0")),
					  value));
  gasm *g = gimple_build_asm_vec ("", inputs, outputs, NULL, NULL);
  gimple_set_location (g, loc);
  SSA_NAME_DEF_STMT (tmp) = g;
  gsi_insert_before (gsi, g, GSI_SAME_STMT);
  return tmp;
}

/* VALUE in a register no pass can see through (bpfs_opaque_copy).  An
   integer goes through a 64-bit asm operand (a narrower one would be
   sign-extended after the asm) and is then cut to its type, which costs
   nothing.  */
static tree
value_in_register (gimple_stmt_iterator *gsi, tree value)
{
  tree type = TREE_TYPE (value);
  tree optype = type;
  if (INTEGRAL_TYPE_P (type) && TYPE_PRECISION (type) < 64)
    {
      optype = long_long_unsigned_type_node;
      value = fold_convert (optype, value);
    }
  location_t loc = gimple_location (gsi_stmt (*gsi));
  tree tmp = bpfs_opaque_copy (gsi, value, loc);
  if (optype == type)
    return tmp;
  tree cut = make_ssa_name (type);
  gassign *a = gimple_build_assign (cut, NOP_EXPR, tmp);
  gimple_set_location (a, loc);
  gsi_insert_before (gsi, a, GSI_SAME_STMT);
  return cut;
}

/* LHS is used truncated to a narrower type.  */
static bool
used_narrower (tree lhs)
{
  if (TREE_CODE (lhs) != SSA_NAME || !INTEGRAL_TYPE_P (TREE_TYPE (lhs)))
    return false;
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, lhs)
    {
      gimple *g = USE_STMT (use);
      if (is_gimple_assign (g)
	  && CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (g))
	  && INTEGRAL_TYPE_P (TREE_TYPE (gimple_assign_lhs (g)))
	  && (TYPE_PRECISION (TREE_TYPE (gimple_assign_lhs (g)))
	      < TYPE_PRECISION (TREE_TYPE (lhs))))
	return true;
    }
  return false;
}

/* A context field read only in part (`u16 x = skops->local_port') was
   read with a narrower load (combine's subreg of a memory reference); most
   context fields must be read whole ("invalid bpf_context access off=68
   size=2").  Such a load (one whose value is used truncated) is volatile
   from here on: RTL keeps its size.  Not every context load: a volatile
   load is not combined with its zero extension either, and
   `(void *)(long)skb->data' would be widened by a separate `w4 = w4',
   which turns the packet pointer into a scalar.  */
static bool
keep_context_load (gimple *stmt)
{
  if (!gimple_assign_load_p (stmt) || gimple_has_volatile_ops (stmt))
    return false;
  tree rhs = gimple_assign_rhs1 (stmt);
  if (!context_access_p (rhs) || TREE_THIS_VOLATILE (rhs)
      || !used_narrower (gimple_assign_lhs (stmt)))
    return false;
  TREE_THIS_VOLATILE (rhs) = 1;
  gimple_set_has_volatile_ops (stmt, true);
  return true;
}

bool
bpfs_verifier_context_constants (function *fun)
{
  bool changed = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (keep_context_load (stmt))
	  {
	    changed = true;
	    continue;
	  }
	if (!gimple_assign_single_p (stmt) || !gimple_store_p (stmt)
	    || gimple_clobber_p (stmt))
	  continue;
	tree rhs = gimple_assign_rhs1 (stmt);
	if ((TREE_CODE (rhs) != INTEGER_CST && TREE_CODE (rhs) != REAL_CST)
	    || !context_access_p (gimple_assign_lhs (stmt)))
	  continue;
	gimple_assign_set_rhs1 (stmt, value_in_register (&gsi, rhs));
	update_stmt (stmt);
	changed = true;
      }
  return changed;
}
