/* lower-atomics.cc: __sync_* and __atomic_* builtins become BPF_ATOMIC
   instructions instead of library calls.
 *
 * GCC 12's BPF backend knows one atomic instruction, xadd, and uses it only
 * for an add whose result is unused; every other builtin becomes a call to
 * libatomic/libgcc (__sync_fetch_and_add_8, __atomic_exchange_4, ...),
 * which a BPF object cannot have.  The kernel (5.12+, cpu v3) implements
 * BPF_ATOMIC on 4 and 8 bytes: add/and/or/xor with and without BPF_FETCH,
 * BPF_XCHG and BPF_CMPXCHG (which compares with r0).  Each builtin call
 * becomes one of those, as inline asm that uses the macros lowering.cc
 * writes into the assembly (bpf-as 2.40 has no mnemonics for them):
 *   fetch_and_OP / atomic_fetch_OP   OP|FETCH, or OP when the result is unused
 *                                    (an unused add stays GCC's own xadd)
 *   OP_and_fetch / atomic_OP_fetch   OP|FETCH, then OP again on the result
 *   sub                              add of the negated value
 *   lock_test_and_set, exchange_n    XCHG
 *   val/bool_compare_and_swap,
 *   atomic_compare_exchange_n        CMPXCHG (expected value through r0)
 *   atomic_load_n / store_n,
 *   lock_release, atomic_clear       volatile loads and stores (any size)
 *   synchronize, thread/signal_fence a compiler barrier
 * The memory-order arguments are ignored: BPF atomics with BPF_FETCH are
 * fully ordered, and BPF has no fence instruction.  nand, atomics on 1, 2
 * or 16 bytes, and the generic (non-_n) forms on other sizes have no BPF
 * instruction: they get an error at the call, as does anything beyond
 * xadd with -fplugin-arg-bpfsupport-cpu=v1 or v2.  */
#include "plugin/gcc-compat.h"
#include "plugin/lower.h"
#include "runtime/insn.h"   /* the uapi names of the encodings */

enum atomic_kind
{
  AK_FETCH_OP,   /* returns the old value */
  AK_OP_FETCH,   /* returns the new value */
  AK_XCHG,
  AK_CAS_VAL,    /* __sync_val_compare_and_swap */
  AK_CAS_BOOL,   /* __sync_bool_compare_and_swap */
  AK_CMPXCHG,    /* __atomic_compare_exchange_n */
  AK_LOAD,
  AK_STORE,
  AK_RELEASE,    /* __sync_lock_release: store 0 */
  AK_CLEAR,      /* __atomic_clear: store a 0 byte */
  AK_FENCE,
  AK_UNSUPPORTED
};

struct atomic_family
{
  enum built_in_function first;  /* the _1 variant; _2, _4, _8, _16 follow */
  enum atomic_kind kind;
  enum tree_code op;             /* for AK_FETCH_OP / AK_OP_FETCH */
};

#define F(code, kind, op) { BUILT_IN_##code##_1, kind, op }
static const struct atomic_family families[] = {
  F (SYNC_FETCH_AND_ADD, AK_FETCH_OP, PLUS_EXPR),
  F (SYNC_FETCH_AND_SUB, AK_FETCH_OP, MINUS_EXPR),
  F (SYNC_FETCH_AND_OR, AK_FETCH_OP, BIT_IOR_EXPR),
  F (SYNC_FETCH_AND_AND, AK_FETCH_OP, BIT_AND_EXPR),
  F (SYNC_FETCH_AND_XOR, AK_FETCH_OP, BIT_XOR_EXPR),
  F (SYNC_FETCH_AND_NAND, AK_FETCH_OP, BIT_NOT_EXPR),
  F (SYNC_ADD_AND_FETCH, AK_OP_FETCH, PLUS_EXPR),
  F (SYNC_SUB_AND_FETCH, AK_OP_FETCH, MINUS_EXPR),
  F (SYNC_OR_AND_FETCH, AK_OP_FETCH, BIT_IOR_EXPR),
  F (SYNC_AND_AND_FETCH, AK_OP_FETCH, BIT_AND_EXPR),
  F (SYNC_XOR_AND_FETCH, AK_OP_FETCH, BIT_XOR_EXPR),
  F (SYNC_NAND_AND_FETCH, AK_OP_FETCH, BIT_NOT_EXPR),
  F (SYNC_BOOL_COMPARE_AND_SWAP, AK_CAS_BOOL, ERROR_MARK),
  F (SYNC_VAL_COMPARE_AND_SWAP, AK_CAS_VAL, ERROR_MARK),
  F (SYNC_LOCK_TEST_AND_SET, AK_XCHG, ERROR_MARK),
  F (SYNC_LOCK_RELEASE, AK_RELEASE, ERROR_MARK),
  F (ATOMIC_EXCHANGE, AK_XCHG, ERROR_MARK),
  F (ATOMIC_LOAD, AK_LOAD, ERROR_MARK),
  F (ATOMIC_COMPARE_EXCHANGE, AK_CMPXCHG, ERROR_MARK),
  F (ATOMIC_STORE, AK_STORE, ERROR_MARK),
  F (ATOMIC_ADD_FETCH, AK_OP_FETCH, PLUS_EXPR),
  F (ATOMIC_SUB_FETCH, AK_OP_FETCH, MINUS_EXPR),
  F (ATOMIC_AND_FETCH, AK_OP_FETCH, BIT_AND_EXPR),
  F (ATOMIC_NAND_FETCH, AK_OP_FETCH, BIT_NOT_EXPR),
  F (ATOMIC_XOR_FETCH, AK_OP_FETCH, BIT_XOR_EXPR),
  F (ATOMIC_OR_FETCH, AK_OP_FETCH, BIT_IOR_EXPR),
  F (ATOMIC_FETCH_ADD, AK_FETCH_OP, PLUS_EXPR),
  F (ATOMIC_FETCH_SUB, AK_FETCH_OP, MINUS_EXPR),
  F (ATOMIC_FETCH_AND, AK_FETCH_OP, BIT_AND_EXPR),
  F (ATOMIC_FETCH_NAND, AK_FETCH_OP, BIT_NOT_EXPR),
  F (ATOMIC_FETCH_XOR, AK_FETCH_OP, BIT_XOR_EXPR),
  F (ATOMIC_FETCH_OR, AK_FETCH_OP, BIT_IOR_EXPR),
};
#undef F

/* The kind of builtin FN is, and the size of its object in *SIZE.  */
static enum atomic_kind
classify (enum built_in_function fn, int *size, enum tree_code *op)
{
  *size = 0;
  *op = ERROR_MARK;
  switch (fn)
    {
    case BUILT_IN_SYNC_SYNCHRONIZE:
    case BUILT_IN_ATOMIC_THREAD_FENCE:
    case BUILT_IN_ATOMIC_SIGNAL_FENCE:
      return AK_FENCE;
    case BUILT_IN_ATOMIC_CLEAR:
      *size = 1;
      return AK_CLEAR;
    case BUILT_IN_ATOMIC_TEST_AND_SET:
      *size = 1;
      return AK_XCHG;
    case BUILT_IN_ATOMIC_EXCHANGE:
    case BUILT_IN_ATOMIC_LOAD:
    case BUILT_IN_ATOMIC_STORE:
    case BUILT_IN_ATOMIC_COMPARE_EXCHANGE:
      return AK_UNSUPPORTED;
    default:
      break;
    }
  for (size_t i = 0; i < ARRAY_SIZE (families); i++)
    {
      int d = (int) fn - (int) families[i].first;
      if (d >= 0 && d <= 4)
	{
	  *size = 1 << d;
	  *op = families[i].op;
	  return families[i].kind;
	}
    }
  return (enum atomic_kind) -1;
}

static tree
unsigned_type_of_size (int size)
{
  switch (size)
    {
    case 1: return unsigned_char_type_node;
    case 2: return short_unsigned_type_node;
    case 4: return unsigned_intSI_type_node;
    default: return unsigned_intDI_type_node;
    }
}

/* PTR as something a MEM_REF can take.  */
static tree
mem_ref_base (gimple_stmt_iterator *gsi, location_t loc, tree ptr)
{
  if (TREE_CODE (ptr) == SSA_NAME
      || (TREE_CODE (ptr) == ADDR_EXPR && DECL_P (TREE_OPERAND (ptr, 0))))
    return ptr;
  return bpfs_emit (gsi, loc, TREE_TYPE (ptr), NOP_EXPR, ptr, NULL_TREE);
}

static tree
volatile_mem (gimple_stmt_iterator *gsi, location_t loc, tree ptr, tree type)
{
  tree base = mem_ref_base (gsi, loc, ptr);
  /* Offset of type void *: alias set 0, it may alias anything.  */
  tree mem = build2 (MEM_REF, type, base, build_int_cst (ptr_type_node, 0));
  TREE_THIS_VOLATILE (mem) = 1;
  TREE_SIDE_EFFECTS (mem) = 1;
  return mem;
}

static tree
emit_load (gimple_stmt_iterator *gsi, location_t loc, tree ptr, tree type)
{
  tree r = make_ssa_name (type);
  gassign *g = gimple_build_assign (r, volatile_mem (gsi, loc, ptr, type));
  gimple_set_location (g, loc);
  gsi_insert_before (gsi, g, GSI_SAME_STMT);
  return r;
}

static void
emit_store (gimple_stmt_iterator *gsi, location_t loc, tree ptr, tree val)
{
  gassign *g = gimple_build_assign (volatile_mem (gsi, loc, ptr,
						  TREE_TYPE (val)), val);
  gimple_set_location (g, loc);
  gsi_insert_before (gsi, g, GSI_SAME_STMT);
}

static void
emit_asm (gimple_stmt_iterator *gsi, gasm *stmt)
{
  gsi_insert_before (gsi, stmt, GSI_SAME_STMT);
}

/* The immediate of BPF_ATOMIC for OP.  */
static int
atomic_imm (enum tree_code op)
{
  switch (op)
    {
    case PLUS_EXPR: return BPF_ADD;
    case BIT_IOR_EXPR: return BPF_OR;
    case BIT_AND_EXPR: return BPF_AND;
    case BIT_XOR_EXPR: return BPF_XOR;
    default: gcc_unreachable ();
    }
}

/* An atomic read-modify-write with immediate IMM on SIZE bytes at PTR
   with VAL; the old value when FETCH, else NULL_TREE.  */
static tree
emit_atomic (gimple_stmt_iterator *gsi, location_t loc, int size, tree ptr,
	     tree val, int imm, bool fetch)
{
  char text[64];
  int code = BPF_STX | BPF_ATOMIC | (size == 8 ? BPF_DW : BPF_W);
  tree type = unsigned_type_of_size (size);
  val = bpfs_convert (gsi, loc, type, val);
  if (!fetch)
    {
      tree ins[2] = { val, ptr };
      const char *cons[2] = { "r", "r" };
      snprintf (text, sizeof text, "__bpfs_insn %#x, %%1, %%0, 0, %#x",
		code, imm);
      emit_asm (gsi, bpfs_build_asm (loc, text, NULL_TREE, 2, ins, cons, 0));
      return NULL_TREE;
    }
  tree res = make_ssa_name (type);
  tree ins[2] = { val, ptr };
  const char *cons[2] = { "0", "r" };
  snprintf (text, sizeof text, "__bpfs_insn %#x, %%2, %%0, 0, %#x",
	    code, imm | BPF_FETCH);
  emit_asm (gsi, bpfs_build_asm (loc, text, res, 2, ins, cons, 0));
  return res;
}

static tree
emit_cmpxchg (gimple_stmt_iterator *gsi, location_t loc, int size, tree ptr,
	      tree expected, tree desired)
{
  char text[64];
  tree type = unsigned_type_of_size (size);
  tree res = make_ssa_name (type);
  tree ins[3] = { ptr, bpfs_convert (gsi, loc, type, expected),
		  bpfs_convert (gsi, loc, type, desired) };
  const char *cons[3] = { "r", "r", "r" };
  snprintf (text, sizeof text, "__bpfs_cmpxchg %#x, %%0, %%1, %%2, %%3",
	    BPF_STX | BPF_ATOMIC | (size == 8 ? BPF_DW : BPF_W));
  emit_asm (gsi, bpfs_build_asm (loc, text, res, 3, ins, cons, 1));
  return res;
}

static bool
result_used (gcall *call)
{
  tree lhs = gimple_call_lhs (call);
  return lhs && !(TREE_CODE (lhs) == SSA_NAME && has_zero_uses (lhs));
}

/* Lower the atomic builtin call at GSI; false if it is not one.  */
static bool
lower_atomic_call (gimple_stmt_iterator *gsi, gcall *call)
{
  tree fndecl = gimple_call_fndecl (call);
  if (!fndecl || !fndecl_built_in_p (fndecl, BUILT_IN_NORMAL))
    return false;
  int size;
  enum tree_code op;
  enum atomic_kind kind = classify (DECL_FUNCTION_CODE (fndecl), &size, &op);
  if ((int) kind < 0)
    return false;

  /* The arguments each kind reads (a call through a user prototype of
     the builtin could have fewer).  */
  unsigned int nargs = kind == AK_CAS_VAL || kind == AK_CAS_BOOL
		       || kind == AK_CMPXCHG ? 3
		       : kind == AK_FENCE ? 0
		       : kind == AK_LOAD || kind == AK_RELEASE
			 || kind == AK_CLEAR || kind == AK_UNSUPPORTED ? 1 : 2;
  if (gimple_call_num_args (call) < nargs)
    return false;

  location_t loc = gimple_location (call);
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  tree value = NULL_TREE;
  bool rmw = kind != AK_LOAD && kind != AK_STORE && kind != AK_RELEASE
	     && kind != AK_CLEAR && kind != AK_FENCE;

  /* With allow-extern-calls the program is linked with a library (an
     executable for bpf-run): what BPF cannot do inline stays GCC's call. */
  bool library = bpfs_options.allow_extern_calls;
  if (library
      && (kind == AK_UNSUPPORTED || (rmw && op == BIT_NOT_EXPR)
	  || (rmw && size != 4 && size != 8) || size == 16
	  || (BYTES_BIG_ENDIAN && rmw)))
    return false;
  if (kind == AK_UNSUPPORTED)
    {
      error_at (loc, "%qs on an object whose size is not 1, 2, 4 or 8 "
		"bytes needs a library call, which BPF programs cannot make",
		name);
      bpfs_replace_call (gsi, NULL_TREE);
      return true;
    }
  if (rmw && op == BIT_NOT_EXPR)
    {
      error_at (loc, "%qs: BPF has no atomic nand instruction", name);
      bpfs_replace_call (gsi, NULL_TREE);
      return true;
    }
  if (rmw && size != 4 && size != 8)
    {
      error_at (loc, "%qs on %d byte%s: BPF atomic instructions work on "
		"4 and 8 bytes only", name, size, size == 1 ? "" : "s");
      bpfs_replace_call (gsi, NULL_TREE);
      return true;
    }
  if (size == 16)
    {
      error_at (loc, "%qs on 16 bytes: BPF has no 16-byte loads or stores",
		name);
      bpfs_replace_call (gsi, NULL_TREE);
      return true;
    }
  if (BYTES_BIG_ENDIAN && rmw)
    {
      error_at (loc, "%qs: the atomic lowering is implemented for "
		"little-endian BPF only", name);
      bpfs_replace_call (gsi, NULL_TREE);
      return true;
    }

  /* An add whose result is unused is GCC's own xadd (BPF_ATOMIC | BPF_ADD
     without fetch, in every kernel): leave it to the backend.  */
  enum built_in_function code = DECL_FUNCTION_CODE (fndecl);
  bool used = result_used (call);
  if (!used && (size == 4 || size == 8)
      && ((code >= BUILT_IN_SYNC_FETCH_AND_ADD_1
	   && code <= BUILT_IN_SYNC_FETCH_AND_ADD_16)
	  || (code >= BUILT_IN_ATOMIC_FETCH_ADD_1
	      && code <= BUILT_IN_ATOMIC_FETCH_ADD_16)))
    return false;
  /* Everything else needs the BPF_ATOMIC extensions of cpu v3.  */
  bool needs_v3 = (kind == AK_FETCH_OP || kind == AK_OP_FETCH) ? used
		  : (kind == AK_XCHG || kind == AK_CAS_VAL || kind == AK_CAS_BOOL
		     || kind == AK_CMPXCHG);
  if (needs_v3 && bpfs_options.cpu < 3 && library)
    return false;
  if (needs_v3 && bpfs_options.cpu < 3)
    {
      error_at (loc, "%qs needs the atomic instructions of BPF cpu v3 "
		"(kernel 5.12 or later); this compilation targets cpu v%d",
		name, bpfs_options.cpu);
      bpfs_replace_call (gsi, NULL_TREE);
      return true;
    }

  tree ptr = gimple_call_arg (call, 0);
  tree type = size ? unsigned_type_of_size (size) : NULL_TREE;
  switch (kind)
    {
    case AK_FETCH_OP:
    case AK_OP_FETCH:
      {
	tree val = bpfs_convert (gsi, loc, type, gimple_call_arg (call, 1));
	enum tree_code insn_op = op;
	if (op == MINUS_EXPR)
	  {
	    val = bpfs_emit (gsi, loc, type, NEGATE_EXPR, val, NULL_TREE);
	    insn_op = PLUS_EXPR;
	  }
	tree old = emit_atomic (gsi, loc, size, ptr, val, atomic_imm (insn_op),
				used);
	if (used && kind == AK_OP_FETCH)
	  value = bpfs_emit (gsi, loc, type, insn_op, old, val);
	else
	  value = old;
	break;
      }
    case AK_XCHG:
      /* BPF_XCHG has BPF_FETCH in it already.  */
      value = emit_atomic (gsi, loc, size, ptr,
			   bpfs_convert (gsi, loc, type,
					 gimple_call_arg (call, 1)),
			   BPF_XCHG, true);
      break;
    case AK_CAS_VAL:
    case AK_CAS_BOOL:
      {
	tree expected = bpfs_convert (gsi, loc, type, gimple_call_arg (call, 1));
	value = emit_cmpxchg (gsi, loc, size, ptr, expected,
			      gimple_call_arg (call, 2));
	if (kind == AK_CAS_BOOL)
	  value = bpfs_emit (gsi, loc, boolean_type_node, EQ_EXPR, value,
			     expected);
	break;
      }
    case AK_CMPXCHG:
      {
	/* bool __atomic_compare_exchange_n (T *p, T *expected, T desired,
	   weak, success, failure): on failure *expected gets the value
	   found.  *expected is written back in both cases (on success it
	   already holds that value).  */
	tree expp = gimple_call_arg (call, 1);
	tree expected = emit_load (gsi, loc, expp, type);
	tree old = emit_cmpxchg (gsi, loc, size, ptr, expected,
				 gimple_call_arg (call, 2));
	emit_store (gsi, loc, expp, old);
	value = bpfs_emit (gsi, loc, boolean_type_node, EQ_EXPR, old,
			   expected);
	break;
      }
    case AK_LOAD:
      value = emit_load (gsi, loc, ptr, type);
      break;
    case AK_STORE:
      emit_store (gsi, loc, ptr,
		  bpfs_convert (gsi, loc, type, gimple_call_arg (call, 1)));
      break;
    case AK_RELEASE:
    case AK_CLEAR:
      emit_store (gsi, loc, ptr, build_zero_cst (type));
      break;
    case AK_FENCE:
      emit_asm (gsi, bpfs_build_asm (loc, "", NULL_TREE, 0, NULL, NULL, 0));
      break;
    default:
      return false;
    }
  bpfs_replace_call (gsi, value);
  return true;
}

bool
bpfs_lower_atomics (function *fun)
{
  bool changed = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);)
      {
	gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi));
	if (call && lower_atomic_call (&gsi, call))
	  changed = true;
	else
	  gsi_next (&gsi);
      }
  return changed;
}
