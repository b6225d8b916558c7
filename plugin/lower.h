/* lower.h: what the lowering files (plugin/lowering.cc, plugin/lower-*.cc,
   plugin/check-calls.cc) share.  Include after plugin/gcc-compat.h.  */
#ifndef BPFSUPPORT_LOWER_H
#define BPFSUPPORT_LOWER_H

/* Make sure the assembler macros that spell instructions bpf-as 2.40 has
   no mnemonic for (BPF_ATOMIC, cpu v4 sdiv/smod) are in the output.  */
void bpfs_lower_need_macros (void);

/* An asm operand (for gimple_build_asm_vec's lists): VALUE constrained
   CONSTRAINT.  */
tree bpfs_asm_operand (const char *constraint, tree value);

/* A volatile asm statement at LOC with a "memory" clobber and clobbers
   of the first CLOBBERED_REGS registers (0: none, 1: r0, ... 7: r0-r6).
   OUT is the output (or NULL_TREE), constrained "=r"; INS[i] is
   constrained ICONS[i].  */
gasm *bpfs_build_asm (location_t loc, const char *text, tree out,
		      int nin, tree *ins, const char **icons,
		      int clobbered_regs);

/* Emit `R = A CODE B' (B may be NULL_TREE) of TYPE before GSI; return R.  */
tree bpfs_emit (gimple_stmt_iterator *gsi, location_t loc, tree type,
		enum tree_code code, tree a, tree b);
/* X converted to TYPE (emitting a conversion before GSI when needed).  */
tree bpfs_convert (gimple_stmt_iterator *gsi, location_t loc, tree type,
		   tree x);
/* Replace the call at GSI by `lhs = VALUE' (or delete it when it has no
   lhs or VALUE is NULL_TREE); GSI then points at the following statement
   or the replacement.  */
void bpfs_replace_call (gimple_stmt_iterator *gsi, tree value);

/* The lowerings, run from the late pass in lowering.cc in this order.
   Each returns true when it changed the function.  */
bool bpfs_lower_atomics (function *fun);   /* lower-atomics.cc */
bool bpfs_lower_division (function *fun);  /* lower-division.cc */
bool bpfs_lower_memory (function *fun);    /* lower-memory.cc */
bool bpfs_lower_traps (function *fun);     /* lower-trap.cc */
bool bpfs_lower_bswap (function *fun);     /* lower-bswap.cc */
bool bpfs_lower_packet_loads (function *fun);  /* lower-ldabs.cc */
void bpfs_check_calls (function *fun);     /* check-calls.cc */
void bpfs_global_offsets_init (void);      /* lower-global-offsets.cc */
void bpfs_inline_args_init (void);         /* lower-inline-args.cc */
/* Whether bpf-gcc runs binutils' bpf-as (not bpf-asm).  */
bool bpfs_assembler_is_binutils (void);    /* assembler.cc */


#endif
