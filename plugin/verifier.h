/* verifier.h: what the files that steer GCC toward code the kernel
   verifier can prove (plugin/verifier*.cc) share.  See doc/verifier.md.
   Include after plugin/gcc-compat.h.  */
#ifndef BPFSUPPORT_VERIFIER_H
#define BPFSUPPORT_VERIFIER_H

/* verifier-compare.cc's setup: its rtx_costs hook.  Passes and callbacks
   are rows of plugin/pipeline.def.  */
void bpfs_verifier_compare_init (void);

/* `tmp = asm ("" : "=r" (tmp) : "0" (VALUE))' inserted before GSI at LOC:
   VALUE (a pointer or a 64-bit integer: a narrower one would be
   sign-extended after the asm) in a register no pass can see through;
   returns tmp.  verifier-ctx.cc.  */
tree bpfs_opaque_copy (gimple_stmt_iterator *gsi, tree value, location_t loc);

/* Whether the unit parsed so far has a BPF program (a function in a named
   section).  verifier-inline.cc.  */
bool bpfs_unit_has_programs (void);

/* The name of record TYPE (struct tag or typedef name of its main
   variant), or NULL.  verifier-ctx.cc.  */
const char *bpfs_struct_name (tree type);

/* Run from the late pass (after "optimized", every -O level); each
   returns true when it changed the function.  */
bool bpfs_verifier_context_constants (function *fun);  /* verifier-ctx.cc */
bool bpfs_verifier_pointer_tests (function *fun);  /* verifier-pointer-tests.cc */
bool bpfs_verifier_pointer_offsets (function *fun);  /* verifier-pointer-tests.cc */
bool bpfs_verifier_pointer_equality (function *fun);  /* verifier-pointer-tests.cc */
bool bpfs_verifier_parameter_widening (function *fun);  /* verifier-pointer-tests.cc */
bool bpfs_verifier_undefined_phis (function *fun);  /* verifier-undefined.cc */
bool bpfs_verifier_signed_compares (function *fun);  /* verifier-signed-compare.cc */
bool bpfs_verifier_packet_arithmetic (function *fun);  /* verifier-packet-arith.cc */
bool bpfs_verifier_nonnegative_indexes (function *fun);  /* verifier-index-extend.cc */

#endif
