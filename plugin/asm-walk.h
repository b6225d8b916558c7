/* asm-walk.h: visit every asm statement of a function before it is
   genericized.  Three PRE_GENERICIZE callbacks rewrite asm statements
   (clang-warnings.cc drops the stack pointer from clobbers,
   verifier-asm.cc makes volatile asm a memory barrier,
   asm-constant-operands.cc folds immediate inputs); this is their one
   walk.  Include after plugin/gcc-compat.h.  */
#ifndef BPFSUPPORT_ASM_WALK_H
#define BPFSUPPORT_ASM_WALK_H

typedef void (*bpfs_asm_visitor) (tree asm_expr);

/* walk_tree callback: DATA points at the visitor.  Types hold no
   statements that run, so the walk does not enter them.  */
static inline tree
bpfs_asm_walk_1 (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == ASM_EXPR)
    (*(bpfs_asm_visitor *) data) (*tp);
  return NULL_TREE;
}

/* Call VISIT on each ASM_EXPR of FNDECL's body.  GCC_DATA is what the
   PRE_GENERICIZE event passes: the function's declaration.  */
static inline void
bpfs_for_each_asm (void *gcc_data, bpfs_asm_visitor visit)
{
  tree fndecl = (tree) gcc_data;
  if (fndecl && TREE_CODE (fndecl) == FUNCTION_DECL && DECL_SAVED_TREE (fndecl))
    walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl), bpfs_asm_walk_1,
				  &visit);
}

#endif
