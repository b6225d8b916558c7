/* core.h: CO-RE relocations, between attrs/core.cc and btf/gcc-btf.cc.  */
#ifndef BPFSUPPORT_CORE_H
#define BPFSUPPORT_CORE_H

struct btf_gcc_state;
struct btf_builder;

/* final printed an asm with template TEMPL into SECTION, and a label
   .LBPFSc<LABEL> right after it: record it if it is a CO-RE instruction. */
bool bpfs_core_note_asm (const char *templ, const char *section,
			 unsigned label);
bool bpfs_core_has_relocations (void);
/* Add the .BTF.ext core_relo records; BASE_OF gives a code section's
   base label.  */
void bpfs_core_emit (struct btf_gcc_state *st, struct btf_builder *b,
		     FILE *out, const char *(*base_of) (const char *));
/* After btfb_finish: `.set' the type-id immediates.  */
void bpfs_core_emit_type_ids (struct btf_gcc_state *st, struct btf_builder *b,
			      FILE *out);
void bpfs_core_check_without_btf (void);
/* attrs/core.cc: a preserve_access_index type has been declared so far.  */
extern bool bpfs_core_types_declared;
/* attrs/core-pointer-diff.cc: D is the option error its flag causes.  */
struct diagnostic_info;
bool bpfs_core_pointer_diff_error_p (struct diagnostic_info *d);

#endif
