/* lower-memory.cc: memcpy, memmove, memset, memcmp/bcmp and aggregate
   copies of a size known at compile time become loads and stores.
 *
 * GCC 12's BPF backend expands a block copy or fill inline only up to its
 * MOVE_RATIO (about 64 bytes, fewer when the alignment is unknown), and
 * memmove and memcmp never: the rest become calls to memcpy, memmove,
 * memset and memcmp, which a BPF object cannot have.  Here, in the late
 * GIMPLE pass, each such builtin call with a constant size, and each
 * assignment of a struct/union/array larger than 8 bytes (`*a = *b',
 * `x = (struct s){0}'), becomes straight-line code:
 *   - copies and fills: one load/store pair per chunk, each chunk as wide
 *     as the alignment GCC can prove for both pointers allows (8, 4, 2 or
 *     1 bytes), so the verifier never sees a misaligned stack access;
 *   - memmove: between two different declared objects, a copy; up to 32
 *     chunks, every chunk is loaded before the first store, so overlapping
 *     buffers are right in both directions; beyond that the addresses are
 *     compared and the chunks copied forward (destination below source) or
 *     backward;
 *   - memset with a variable byte: the byte times 0x0101010101010101;
 *   - memcmp: byte by byte, the result is the difference of the first
 *     differing bytes as unsigned chars (as glibc), computed without
 *     branches;
 *   - bcmp, and memcmp whose result is only compared with zero (GCC
 *     turns those into __builtin_memcmp_eq): the chunks XORed and ORed
 *     together, 1 when they differ.
 * A call whose size is not a compile-time constant gets an error naming
 * it: BPF has no loop the verifier would accept without a bound.  Copies
 * of more than 4096 bytes are refused too (the program would not fit).
 * Aggregates passed by value to a function are copied by GCC's call
 * expansion, after this pass: those copies are checked by check-calls.  */
#include "plugin/gcc-compat.h"
#include "plugin/lower.h"
#include "builtins.h"
#include "cfgloop.h"
#include "cfghooks.h"

#define MAX_INLINE_COPY 4096
/* A memmove that loads every chunk before the first store holds them all
   in registers or stack slots: at most this many (the BPF stack is 512
   bytes); larger ones choose a direction at run time.  */
#define MAX_MOVE_CHUNKS 32

/* An address and a constant byte offset, for MEM_REFs.  */
struct place
{
  tree addr;
  HOST_WIDE_INT off;
  unsigned int align;  /* bytes, at most 8 */
};

static unsigned int
cap_align (unsigned int bits)
{
  unsigned int bytes = bits / BITS_PER_UNIT;
  if (bytes < 1)
    bytes = 1;
  return bytes > 8 ? 8 : bytes;
}

static tree
emit_addr (gimple_stmt_iterator *gsi, location_t loc, tree addr)
{
  tree r = make_ssa_name (TREE_TYPE (addr));
  gassign *g = gimple_build_assign (r, addr);
  gimple_set_location (g, loc);
  gsi_insert_before (gsi, g, GSI_SAME_STMT);
  return r;
}

/* The place of the object REF (an lvalue).  */
static struct place
ref_place (gimple_stmt_iterator *gsi, location_t loc, tree ref)
{
  struct place p;
  p.align = cap_align (get_object_alignment (ref));
  poly_int64 poff;
  tree base = get_addr_base_and_unit_offset (ref, &poff);
  if (base && poff.is_constant (&p.off))
    {
      if (TREE_CODE (base) == MEM_REF)
	{
	  p.addr = TREE_OPERAND (base, 0);
	  p.off += mem_ref_offset (base).force_shwi ().to_constant ();
	  return p;
	}
      if (DECL_P (base))
	{
	  p.addr = build1 (ADDR_EXPR, build_pointer_type (TREE_TYPE (base)),
			   base);
	  return p;
	}
    }
  /* A variable offset: take the address (the object is in memory).  */
  tree inner = get_base_address (ref);
  if (inner && DECL_P (inner))
    TREE_ADDRESSABLE (inner) = 1;
  p.addr = emit_addr (gsi, loc, build_fold_addr_expr (ref));
  p.off = 0;
  return p;
}

/* The place a pointer argument PTR points to.  */
static struct place
ptr_place (gimple_stmt_iterator *gsi, location_t loc, tree ptr)
{
  if (TREE_CODE (ptr) == ADDR_EXPR)
    {
      struct place p = ref_place (gsi, loc, TREE_OPERAND (ptr, 0));
      unsigned int a = cap_align (get_pointer_alignment (ptr));
      if (a > p.align)
	p.align = a;
      return p;
    }
  struct place p;
  p.align = cap_align (get_pointer_alignment (ptr));
  /* `_1 = &v->data; memset (_1, ...)': the object's type gives the
     alignment (C requires *v to be aligned for its type), where the
     pointer alone says nothing; clang assumes the same.  Without it a
     512-byte memset of a map value field was 512 byte stores.  */
  if (TREE_CODE (ptr) == SSA_NAME && is_gimple_assign (SSA_NAME_DEF_STMT (ptr))
      && gimple_assign_rhs_code (SSA_NAME_DEF_STMT (ptr)) == ADDR_EXPR)
    {
      tree ref = TREE_OPERAND (gimple_assign_rhs1 (SSA_NAME_DEF_STMT (ptr)), 0);
      unsigned int a = cap_align (get_object_alignment (ref));
      if (a > p.align)
	p.align = a;
    }
  p.off = 0;
  p.addr = TREE_CODE (ptr) == SSA_NAME ? ptr : emit_addr (gsi, loc, ptr);
  return p;
}

static tree
chunk_type (int bytes)
{
  switch (bytes)
    {
    case 1: return unsigned_char_type_node;
    case 2: return short_unsigned_type_node;
    case 4: return unsigned_intSI_type_node;
    default: return unsigned_intDI_type_node;
    }
}

static tree
chunk_mem (struct place p, HOST_WIDE_INT off, int bytes)
{
  /* Offset of type void *: alias set 0, may alias anything.  */
  return build2 (MEM_REF, chunk_type (bytes), p.addr,
		 build_int_cst (ptr_type_node, p.off + off));
}

static int
chunk_at (HOST_WIDE_INT left, unsigned int align)
{
  int w = 8;
  while (w > 1 && (w > left || (unsigned int) w > align))
    w /= 2;
  return w;
}

static tree
emit_load (gimple_stmt_iterator *gsi, location_t loc, tree mem)
{
  tree r = make_ssa_name (TREE_TYPE (mem));
  gassign *g = gimple_build_assign (r, mem);
  gimple_set_location (g, loc);
  gsi_insert_before (gsi, g, GSI_SAME_STMT);
  return r;
}

static void
emit_store (gimple_stmt_iterator *gsi, location_t loc, tree mem, tree val)
{
  gassign *g = gimple_build_assign (mem, val);
  gimple_set_location (g, loc);
  gsi_insert_before (gsi, g, GSI_SAME_STMT);
}

static void
emit_copy (gimple_stmt_iterator *gsi, location_t loc, struct place d,
	   struct place s, HOST_WIDE_INT size, bool all_loads_first)
{
  unsigned int align = MIN (d.align, s.align);
  auto_vec<tree> vals;
  for (int pass = all_loads_first ? 0 : 2; pass < 3; pass++)
    {
      unsigned int k = 0;
      for (HOST_WIDE_INT off = 0; off < size;)
	{
	  int w = chunk_at (size - off, align);
	  if (pass == 0)
	    vals.safe_push (emit_load (gsi, loc, chunk_mem (s, off, w)));
	  else if (pass == 1)
	    emit_store (gsi, loc, chunk_mem (d, off, w), vals[k++]);
	  else
	    emit_store (gsi, loc, chunk_mem (d, off, w),
			emit_load (gsi, loc, chunk_mem (s, off, w)));
	  off += w;
	}
      if (pass == 1)
	break;
    }
}

/* BYTE (an int) repeated over W bytes.  */
static tree
fill_value (gimple_stmt_iterator *gsi, location_t loc, tree byte, int w)
{
  tree type = chunk_type (w);
  if (TREE_CODE (byte) == INTEGER_CST)
    {
      unsigned HOST_WIDE_INT b = TREE_INT_CST_LOW (byte) & 0xff;
      return build_int_cst (type, b * (HOST_WIDE_INT_M1U / 0xff));
    }
  tree b = bpfs_emit (gsi, loc, type, BIT_AND_EXPR,
		      bpfs_convert (gsi, loc, type, byte),
		      build_int_cst (type, 0xff));
  if (w == 1)
    return b;
  return bpfs_emit (gsi, loc, type, MULT_EXPR, b,
		    build_int_cst (type, HOST_WIDE_INT_M1U / 0xff));
}

static void
emit_fill (gimple_stmt_iterator *gsi, location_t loc, struct place d,
	   tree byte, HOST_WIDE_INT size)
{
  tree vals[9] = { NULL_TREE };
  for (HOST_WIDE_INT off = 0; off < size;)
    {
      int w = chunk_at (size - off, d.align);
      if (!vals[w])
	vals[w] = fill_value (gsi, loc, byte, w);
      emit_store (gsi, loc, chunk_mem (d, off, w), vals[w]);
      off += w;
    }
}

static tree
emit_compare (gimple_stmt_iterator *gsi, location_t loc, struct place a,
	      struct place b, HOST_WIDE_INT size)
{
  /* From the first byte on: r |= d & -(r == 0), so the first nonzero
     difference stays (no branches: a COND_EXPR chain becomes a branch
     per byte, and at -Og its temporaries fill the stack).  */
  tree type = integer_type_node;
  tree r = integer_zero_node;
  for (HOST_WIDE_INT off = 0; off < size; off++)
    {
      /* Volatile: loaded where used.  Otherwise GCSE hoists the byte loads
	 of several memcmps of the same buffers to one place and spills
	 them all, beyond the 512 bytes of BPF stack.  */
      tree ma = chunk_mem (a, off, 1), mb = chunk_mem (b, off, 1);
      TREE_THIS_VOLATILE (ma) = TREE_THIS_VOLATILE (mb) = 1;
      tree x = bpfs_convert (gsi, loc, type, emit_load (gsi, loc, ma));
      tree y = bpfs_convert (gsi, loc, type, emit_load (gsi, loc, mb));
      tree d = bpfs_emit (gsi, loc, type, MINUS_EXPR, x, y);
      if (off == 0)
	{
	  r = d;
	  continue;
	}
      tree z = bpfs_convert (gsi, loc, type,
			     bpfs_emit (gsi, loc, boolean_type_node, EQ_EXPR,
					r, integer_zero_node));
      tree m = bpfs_emit (gsi, loc, type, NEGATE_EXPR, z, NULL_TREE);
      r = bpfs_emit (gsi, loc, type, BIT_IOR_EXPR, r,
		     bpfs_emit (gsi, loc, type, BIT_AND_EXPR, d, m));
    }
  return r;
}

/* D and S are in different declared objects: they cannot overlap.  */
static bool
distinct_objects (struct place d, struct place s)
{
  return TREE_CODE (d.addr) == ADDR_EXPR && TREE_CODE (s.addr) == ADDR_EXPR
	 && DECL_P (TREE_OPERAND (d.addr, 0))
	 && DECL_P (TREE_OPERAND (s.addr, 0))
	 && TREE_OPERAND (d.addr, 0) != TREE_OPERAND (s.addr, 0);
}

/* The address of P as an unsigned integer.  */
static tree
place_address (gimple_stmt_iterator *gsi, location_t loc, struct place p)
{
  tree addr = p.addr;
  if (p.off)
    addr = bpfs_emit (gsi, loc, TREE_TYPE (addr), POINTER_PLUS_EXPR, addr,
		      size_int (p.off));
  return bpfs_convert (gsi, loc, pointer_sized_int_node, addr);
}

/* Chunk-by-chunk copy into the empty block BB, forward or backward.  */
static void
fill_copy_block (basic_block bb, location_t loc, struct place d,
		 struct place s, HOST_WIDE_INT size, bool backward)
{
  unsigned int align = MIN (d.align, s.align);
  auto_vec<HOST_WIDE_INT> offs;
  auto_vec<int> widths;
  for (HOST_WIDE_INT off = 0; off < size;)
    {
      int w = chunk_at (size - off, align);
      offs.safe_push (off);
      widths.safe_push (w);
      off += w;
    }
  gimple_stmt_iterator gsi = gsi_start_bb (bb);
  for (unsigned int k = 0; k < offs.length (); k++)
    {
      unsigned int i = backward ? offs.length () - 1 - k : k;
      tree v = emit_load (&gsi, loc, chunk_mem (s, offs[i], widths[i]));
      emit_store (&gsi, loc, chunk_mem (d, offs[i], widths[i]), v);
    }
}

static basic_block
new_block_after (basic_block after, basic_block like)
{
  basic_block bb = create_empty_bb (after);
  bb->count = like->count;
  if (current_loops)
    add_bb_to_loop (bb, like->loop_father);
  return bb;
}

/* memmove too large to hold in registers: compare the addresses and copy
   forward when the destination is below the source, backward otherwise;
   either way no chunk is overwritten before it is read.  */
static void
emit_move_both_ways (gimple_stmt_iterator *gsi, location_t loc,
		     struct place d, struct place s, HOST_WIDE_INT size)
{
  gimple *call = gsi_stmt (*gsi);
  tree da = place_address (gsi, loc, d);
  tree sa = place_address (gsi, loc, s);
  gcond *cond = gimple_build_cond (LE_EXPR, da, sa, NULL_TREE, NULL_TREE);
  gimple_set_location (cond, loc);
  gsi_insert_before (gsi, cond, GSI_SAME_STMT);
  basic_block bb = gimple_bb (cond);
  edge e = split_block (bb, cond);
  basic_block rest = e->dest;
  remove_edge (e);
  basic_block fwd = new_block_after (bb, bb);
  basic_block bwd = new_block_after (fwd, bb);
  edge t = make_edge (bb, fwd, EDGE_TRUE_VALUE);
  edge f = make_edge (bb, bwd, EDGE_FALSE_VALUE);
  t->probability = profile_probability::even ();
  f->probability = profile_probability::even ();
  make_single_succ_edge (fwd, rest, EDGE_FALLTHRU);
  make_single_succ_edge (bwd, rest, EDGE_FALLTHRU);
  fill_copy_block (fwd, loc, d, s, size, false);
  fill_copy_block (bwd, loc, d, s, size, true);
  free_dominance_info (CDI_DOMINATORS);
  *gsi = gsi_for_stmt (call);
}

/* Nonzero (1) when the SIZE bytes at A and B differ: chunks XORed and
   ORed together, for bcmp and memcmp whose result is only compared with
   zero (GCC's __builtin_memcmp_eq).  */
static tree
emit_equal (gimple_stmt_iterator *gsi, location_t loc, struct place a,
	    struct place b, HOST_WIDE_INT size)
{
  unsigned int align = MIN (a.align, b.align);
  tree acc = NULL_TREE;
  tree type = chunk_type (8);
  for (HOST_WIDE_INT off = 0; off < size;)
    {
      int w = chunk_at (size - off, align);
      tree x = emit_load (gsi, loc, chunk_mem (a, off, w));
      tree y = emit_load (gsi, loc, chunk_mem (b, off, w));
      tree d = bpfs_convert (gsi, loc, type,
			     bpfs_emit (gsi, loc, chunk_type (w), BIT_XOR_EXPR,
					x, y));
      acc = acc ? bpfs_emit (gsi, loc, type, BIT_IOR_EXPR, acc, d) : d;
      off += w;
    }
  if (!acc)
    return integer_zero_node;
  return bpfs_convert (gsi, loc, integer_type_node,
		       bpfs_emit (gsi, loc, boolean_type_node, NE_EXPR, acc,
				  build_zero_cst (type)));
}

/* Lower the memory builtin call at GSI; false if it is not one.  */
static bool
lower_memory_call (gimple_stmt_iterator *gsi, gcall *call)
{
  tree fndecl = gimple_call_fndecl (call);
  if (!fndecl || !fndecl_built_in_p (fndecl, BUILT_IN_NORMAL))
    return false;
  enum built_in_function fn = DECL_FUNCTION_CODE (fndecl);
  if (fn != BUILT_IN_MEMCPY && fn != BUILT_IN_MEMMOVE && fn != BUILT_IN_MEMSET
      && fn != BUILT_IN_MEMCMP && fn != BUILT_IN_MEMCMP_EQ
      && fn != BUILT_IN_BCMP && fn != BUILT_IN_MEMPCPY)
    return false;
  if (gimple_call_num_args (call) < 3)
    return false;
  location_t loc = gimple_location (call);
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  tree len = gimple_call_arg (call, 2);
  /* Linked with a library (allow-extern-calls): calls that cannot be
     inlined stay calls.  */
  if (bpfs_options.allow_extern_calls
      && (!tree_fits_uhwi_p (len) || tree_to_uhwi (len) > MAX_INLINE_COPY))
    return false;
  if (!tree_fits_uhwi_p (len))
    {
      error_at (loc, "%qs with a size that is not a compile-time constant: "
		"BPF programs have no library to call, and this call can be "
		"inlined only when its size is known", name);
      bpfs_replace_call (gsi, NULL_TREE);
      return true;
    }
  unsigned HOST_WIDE_INT size = tree_to_uhwi (len);
  bool cmp = fn == BUILT_IN_MEMCMP;
  bool eq = fn == BUILT_IN_MEMCMP_EQ || fn == BUILT_IN_BCMP;
  if (size > MAX_INLINE_COPY)
    {
      error_at (loc, "%qs of %wu bytes is too large to inline into a BPF "
		"program (limit %d bytes)", name, size, MAX_INLINE_COPY);
      bpfs_replace_call (gsi, NULL_TREE);
      return true;
    }
  tree dst = gimple_call_arg (call, 0);
  struct place d = ptr_place (gsi, loc, dst);
  tree value = dst;
  if (fn == BUILT_IN_MEMSET)
    emit_fill (gsi, loc, d, gimple_call_arg (call, 1), size);
  else
    {
      struct place s = ptr_place (gsi, loc, gimple_call_arg (call, 1));
      if (cmp)
	value = emit_compare (gsi, loc, d, s, size);
      else if (eq)
	value = emit_equal (gsi, loc, d, s, size);
      else if (fn != BUILT_IN_MEMMOVE || distinct_objects (d, s))
	emit_copy (gsi, loc, d, s, size, false);
      else if (size / MIN (d.align, s.align) <= MAX_MOVE_CHUNKS)
	emit_copy (gsi, loc, d, s, size, true);
      else
	emit_move_both_ways (gsi, loc, d, s, size);
      if (fn == BUILT_IN_MEMPCPY)
	value = bpfs_emit (gsi, loc, TREE_TYPE (dst), POINTER_PLUS_EXPR, dst,
			   size_int (size));
    }
  bpfs_replace_call (gsi, value);
  return true;
}

/* Lower the aggregate assignment at GSI; false if it is not one.  */
static bool
lower_aggregate_copy (gimple_stmt_iterator *gsi, gassign *stmt)
{
  if (!gimple_assign_single_p (stmt) || gimple_clobber_p (stmt))
    return false;
  tree lhs = gimple_assign_lhs (stmt), rhs = gimple_assign_rhs1 (stmt);
  tree type = TREE_TYPE (lhs);
  if (!AGGREGATE_TYPE_P (type) || TREE_THIS_VOLATILE (lhs)
      || TREE_THIS_VOLATILE (rhs) || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (type)))
    return false;
  unsigned HOST_WIDE_INT size = tree_to_uhwi (TYPE_SIZE_UNIT (type));
  if (size <= 8)
    return false;
  bool zero = TREE_CODE (rhs) == CONSTRUCTOR;
  if (zero && CONSTRUCTOR_NELTS (rhs) != 0)
    return false;
  if (!zero && !REFERENCE_CLASS_P (rhs) && !DECL_P (rhs))
    return false;
  location_t loc = gimple_location (stmt);
  if (size > MAX_INLINE_COPY && bpfs_options.allow_extern_calls)
    return false;
  if (size > MAX_INLINE_COPY)
    {
      error_at (loc, "copy of a %wu-byte object is too large to inline into "
		"a BPF program (limit %d bytes)", size, MAX_INLINE_COPY);
      return false;
    }
  struct place d = ref_place (gsi, loc, lhs);
  if (zero)
    emit_fill (gsi, loc, d, integer_zero_node, size);
  else
    {
      struct place s = ref_place (gsi, loc, rhs);
      /* `*p = *q' may overlap exactly (p == q): loads first is right for
	 that too, but costs registers; an exact overlap copies the same
	 bytes in place, so chunk-by-chunk is right as well.  */
      emit_copy (gsi, loc, d, s, size, false);
    }
  unlink_stmt_vdef (stmt);
  gsi_remove (gsi, true);
  return true;
}

bool
bpfs_lower_memory (function *fun)
{
  bool changed = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);)
      {
	gimple *stmt = gsi_stmt (gsi);
	bool done = false;
	if (gcall *call = dyn_cast<gcall *> (stmt))
	  done = lower_memory_call (&gsi, call);
	else if (gassign *assign = dyn_cast<gassign *> (stmt))
	  done = lower_aggregate_copy (&gsi, assign);
	if (done)
	  changed = true;
	else
	  gsi_next (&gsi);
      }
  return changed;
}
