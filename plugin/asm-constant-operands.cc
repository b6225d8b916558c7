/* asm-constant-operands.cc: an asm's immediate operand read through a
   pointer to a compound literal, folded to its value before GCC looks.

   The kernel selftests write raw instructions into inline asm with
   libbpf's

     #define __imm_insn(name, expr) [name]"i"(*(long *)&(expr))

   where EXPR is a compound literal, `(struct bpf_insn){ .code = ... }'
   (BPF_RAW_INSN).  clang's constant evaluator reads the literal's bytes
   and the operand is a constant at every -O level.  GCC 12 folds it only
   in its optimizers: before that, the early uninitialized-use warning
   sees a `long' load that, by the aliasing rules, none of the literal's
   field stores reach, and under the selftests' -Wall -Werror says
   "'<U1e10>' is used uninitialized" (verifier_bpf_fastcall.c and
   verifier_search_pruning.c, and with them every test of
   prog_tests/verifier.c in test_progs-bpf_gcc); at -O0 the operand is no
   constant at all ("impossible constraint in 'asm'").

   So, before genericizing, an input operand whose constraint asks for an
   immediate ('i' or 'n') and that reads a scalar through the address of a
   compound literal with a constant initializer becomes that scalar: the
   literal's bytes as the target lays them out (native_encode_initializer,
   which knows bit-fields), read back as the operand's type.  That is what
   the optimizers computed later anyway; only the warning and the -O0
   failure go.  Anything else (a literal with a non-constant member, a
   read beyond it) is left to GCC as before.  */
#include "plugin/gcc-compat.h"
#include "plugin/asm-walk.h"
#include "c-family/c-common.h"
#include "fold-const.h"

/* The compound literal's declaration under E, `&(T){...}' possibly
   converted, or NULL_TREE.  */
static tree
compound_literal_decl (tree e)
{
  STRIP_NOPS (e);
  if (TREE_CODE (e) != ADDR_EXPR)
    return NULL_TREE;
  e = TREE_OPERAND (e, 0);
  if (TREE_CODE (e) != COMPOUND_LITERAL_EXPR)
    return NULL_TREE;
  tree decl = COMPOUND_LITERAL_EXPR_DECL (e);
  return decl && VAR_P (decl) ? decl : NULL_TREE;
}

/* The constant OP reads, when it reads a scalar at offset 0 of a
   compound literal with a constant initializer; else NULL_TREE.  */
static tree
fold_literal_read (tree op)
{
  if (TREE_CODE (op) != INDIRECT_REF && TREE_CODE (op) != MEM_REF)
    return NULL_TREE;
  if (TREE_CODE (op) == MEM_REF && !integer_zerop (TREE_OPERAND (op, 1)))
    return NULL_TREE;
  tree type = TREE_TYPE (op);
  if (!INTEGRAL_TYPE_P (type) || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (type)))
    return NULL_TREE;
  tree decl = compound_literal_decl (TREE_OPERAND (op, 0));
  if (!decl)
    return NULL_TREE;
  tree init = DECL_INITIAL (decl);
  if (!init || TREE_CODE (init) != CONSTRUCTOR
      || !initializer_constant_valid_p (init, TREE_TYPE (init)))
    return NULL_TREE;
  unsigned HOST_WIDE_INT need = tree_to_uhwi (TYPE_SIZE_UNIT (type));
  tree decl_size = DECL_SIZE_UNIT (decl);
  if (!decl_size || !tree_fits_uhwi_p (decl_size)
      || need > tree_to_uhwi (decl_size) || need > 16)
    return NULL_TREE;
  /* Members the initializer leaves out are zero, as in the literal.  */
  unsigned char bytes[16] = { 0 };
  if (native_encode_initializer (init, bytes, (int) need, 0, NULL)
      != (int) need)
    return NULL_TREE;
  tree value = native_interpret_expr (type, bytes, (int) need);
  return value && TREE_CODE (value) == INTEGER_CST ? value : NULL_TREE;
}

/* Does the input constraint C ask for an immediate only?  */
static bool
immediate_constraint (const char *c)
{
  bool imm = false;
  for (; *c; c++)
    switch (*c)
      {
      case 'i': case 'n':
	imm = true;
	break;
      case 'r': case 'g': case 'm': case 'X':
	return false;
      default:
	break;
      }
  return imm;
}

/* Fold the immediate inputs of an asm.  */
static void
fold_asm_inputs (tree asm_expr)
{
  for (tree in = ASM_INPUTS (asm_expr); in; in = TREE_CHAIN (in))
    {
      tree constraint = TREE_VALUE (TREE_PURPOSE (in));
      if (!constraint || TREE_CODE (constraint) != STRING_CST
	  || !immediate_constraint (TREE_STRING_POINTER (constraint)))
	continue;
      tree value = fold_literal_read (TREE_VALUE (in));
      if (value)
	TREE_VALUE (in) = value;
    }
}

void
bpfs_fold_asm_constant_operands (void *gcc_data, void *)
{
  bpfs_for_each_asm (gcc_data, fold_asm_inputs);
}
