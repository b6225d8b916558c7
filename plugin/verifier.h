/* verifier.h: what the files that steer GCC toward code the kernel
   verifier can prove (plugin/verifier*.cc) share.  See doc/verifier.md.
   Include after plugin/gcc-compat.h.  */
#ifndef BPFSUPPORT_VERIFIER_H
#define BPFSUPPORT_VERIFIER_H

/* Registration of the front-end callbacks and the passes of each file.  */
void bpfs_verifier_ctx_init (void);     /* verifier-ctx.cc */
void bpfs_verifier_compare_init (void); /* verifier-compare.cc */
void bpfs_verifier_inline_init (void);  /* verifier-inline.cc */
void bpfs_verifier_asm_init (void);     /* verifier-asm.cc */

/* Run from the late pass (after "optimized", every -O level); each
   returns true when it changed the function.  */
bool bpfs_verifier_context_constants (function *fun);  /* verifier-ctx.cc */
bool bpfs_verifier_pointer_tests (function *fun);  /* verifier-pointer-tests.cc */
bool bpfs_verifier_pointer_offsets (function *fun);  /* verifier-pointer-tests.cc */
bool bpfs_verifier_undefined_phis (function *fun);  /* verifier-undefined.cc */

#endif
