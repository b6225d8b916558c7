/* gcc-btf.h: between the debug hooks (gcc-btf.cc) and the tree walker
   (gcc-types.cc).  GCC-facing; the builder itself is btf/btf.h.  */
#ifndef BPFSUPPORT_GCC_BTF_H
#define BPFSUPPORT_GCC_BTF_H

struct btf_gcc_state;

struct btf_gcc_state *bpfs_btf_state_new (void);
void bpfs_btf_state_free (struct btf_gcc_state *st);
/* A function the unit defines, written into SECTION as SYMBOL.  */
void bpfs_btf_add_function (struct btf_gcc_state *st, tree decl,
			    const char *section, const char *symbol);
/* Every variable the unit emits, and the externs it references.  */
void bpfs_btf_add_variables (struct btf_gcc_state *st);
void bpfs_btf_add_func_info (struct btf_gcc_state *st, const char *section,
			     const char *symbol, const char *base, tree decl);
void bpfs_btf_add_line_info (struct btf_gcc_state *st, const char *section,
			     const char *label, const char *base,
			     const char *file, unsigned line, unsigned column);
/* The BTF id (builder id) of TYPE, building it if needed: CO-RE uses it.  */
uint32_t bpfs_btf_type_id (struct btf_gcc_state *st, tree type);
struct btf_builder *bpfs_btf_builder (struct btf_gcc_state *st);
/* The name of section S as the assembler knows it (".text", ".bss" for
   .lcomm...), or NULL.  */
const char *bpfs_section_name (section *s);
/* The name DECL has in the assembler output (and the ELF symbol table).  */
const char *bpfs_symbol_name (tree decl);
/* The label at offset 0 of data section SECTION in this unit, or NULL.  */
const char *bpfs_btf_data_base (const char *section);
/* Write .BTF and .BTF.ext into the assembler output.  */
void bpfs_btf_write (struct btf_gcc_state *st, FILE *out);



#endif
