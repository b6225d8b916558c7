/* btf.h -- GCC-independent BTF builder for bpfsupport.
 *
 * Build BTF types and .BTF.ext records, then deduplicate, prune to what
 * is reachable from the roots, renumber, and write either raw bytes or
 * GNU assembler text.  Plain C11, no global state; usable from C++.
 * See doc/btf.md for the design.
 *
 * Ids: every constructor returns a "builder id" (>= 1; 0 is void).  Builder
 * ids stay valid for the life of the builder; after btfb_finish() the id a
 * type has in the written BTF is btfb_final_id(b, builder_id).  All other
 * functions (including the .BTF.ext ones) take builder ids.
 *
 * Errors: functions returning uint32_t return 0 on error, those returning
 * int return 0 on success and -1 on error; btfb_error() gives the message
 * of the last error.  Nothing aborts.
 */
#ifndef BPFSUPPORT_BTF_H
#define BPFSUPPORT_BTF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct btf_builder;

/* BTF kinds (values as in linux/btf.h). */
enum btfb_kind {
  BTFB_KIND_UNKN = 0, BTFB_KIND_INT = 1, BTFB_KIND_PTR = 2,
  BTFB_KIND_ARRAY = 3, BTFB_KIND_STRUCT = 4, BTFB_KIND_UNION = 5,
  BTFB_KIND_ENUM = 6, BTFB_KIND_FWD = 7, BTFB_KIND_TYPEDEF = 8,
  BTFB_KIND_VOLATILE = 9, BTFB_KIND_CONST = 10, BTFB_KIND_RESTRICT = 11,
  BTFB_KIND_FUNC = 12, BTFB_KIND_FUNC_PROTO = 13, BTFB_KIND_VAR = 14,
  BTFB_KIND_DATASEC = 15, BTFB_KIND_FLOAT = 16, BTFB_KIND_DECL_TAG = 17,
  BTFB_KIND_TYPE_TAG = 18, BTFB_KIND_ENUM64 = 19
};

/* INT encoding bits (at most one may be set). */
#define BTFB_INT_SIGNED 1u
#define BTFB_INT_CHAR   2u
#define BTFB_INT_BOOL   4u

/* FUNC linkage. */
enum btfb_func_linkage { BTFB_FUNC_STATIC = 0, BTFB_FUNC_GLOBAL = 1,
                         BTFB_FUNC_EXTERN = 2 };
/* VAR linkage. */
enum btfb_var_linkage { BTFB_VAR_STATIC = 0, BTFB_VAR_GLOBAL = 1,
                        BTFB_VAR_EXTERN = 2 };
/* FWD flavours. */
enum btfb_fwd_kind { BTFB_FWD_STRUCT = 0, BTFB_FWD_UNION = 1,
                     BTFB_FWD_ENUM = 2 };

/* btfb_finish flags. */
#define BTFB_NO_DEDUP 1u /* keep structurally identical types apart */
#define BTFB_NO_PRUNE 2u /* keep every type, reachable or not */

/* ---------------------------------------------------------- lifetime */
struct btf_builder *btfb_new(void);
void btfb_free(struct btf_builder *b);
/* Message of the last error ("" if none). */
const char *btfb_error(const struct btf_builder *b);

/* ------------------------------------------------------------- types */
/* Strings: NULL or "" is anonymous. */
uint32_t btfb_int(struct btf_builder *b, const char *name,
                  uint32_t size_bytes, uint32_t encoding);
/* INT with explicit bit width/offset (e.g. _BitInt); bits <= 128. */
uint32_t btfb_int_bits(struct btf_builder *b, const char *name,
                       uint32_t size_bytes, uint32_t encoding,
                       uint32_t bit_offset, uint32_t nr_bits);
uint32_t btfb_float(struct btf_builder *b, const char *name,
                    uint32_t size_bytes);
uint32_t btfb_ptr(struct btf_builder *b, uint32_t type);
uint32_t btfb_array(struct btf_builder *b, uint32_t elem,
                    uint32_t index_type, uint32_t nelems);
/* STRUCT/UNION: the id is usable at once (members may point back). */
uint32_t btfb_struct_begin(struct btf_builder *b, int is_union,
                           const char *name, uint32_t size_bytes);
/* bitfield_size 0 for an ordinary member. */
int btfb_member(struct btf_builder *b, uint32_t sid, const char *name,
                uint32_t type, uint32_t bit_offset, uint32_t bitfield_size);
/* ENUM (is64 = 0) or ENUM64 (is64 = 1, only on request). */
uint32_t btfb_enum(struct btf_builder *b, const char *name,
                   uint32_t size_bytes, int is_signed, int is64);
int btfb_enum_value(struct btf_builder *b, uint32_t eid, const char *name,
                    int64_t value);
uint32_t btfb_fwd(struct btf_builder *b, const char *name,
                  enum btfb_fwd_kind kind);
uint32_t btfb_typedef(struct btf_builder *b, const char *name,
                      uint32_t type);
/* kind: BTFB_KIND_VOLATILE, BTFB_KIND_CONST or BTFB_KIND_RESTRICT. */
uint32_t btfb_qual(struct btf_builder *b, enum btfb_kind kind,
                   uint32_t type);
uint32_t btfb_func_proto_begin(struct btf_builder *b, uint32_t ret_type);
int btfb_func_proto_param(struct btf_builder *b, uint32_t pid,
                          const char *name, uint32_t type);
/* Mark the prototype variadic (adds the final name 0 / type 0 param). */
int btfb_func_proto_variadic(struct btf_builder *b, uint32_t pid);
uint32_t btfb_func(struct btf_builder *b, const char *name, uint32_t proto,
                   enum btfb_func_linkage linkage);
uint32_t btfb_var(struct btf_builder *b, const char *name, uint32_t type,
                  enum btfb_var_linkage linkage);
/* DATASEC, one per section name, created on first use (a root). */
uint32_t btfb_datasec(struct btf_builder *b, const char *secname);
int btfb_datasec_add(struct btf_builder *b, const char *secname,
                     uint32_t var_id, uint32_t offset, uint32_t size);
/* An entry whose offset only the assembler knows: OFFSET_EXPR (e.g.
   "var-.Lsection_start") is written as `.long OFFSET_EXPR' by
   btfb_write_asm; btfb_write_raw refuses such entries.  Entries keep
   their insertion order. */
int btfb_datasec_add_expr(struct btf_builder *b, const char *secname,
                          uint32_t var_id, const char *offset_expr,
                          uint32_t size);
/* Section size; default: the end of the last entry. */
int btfb_datasec_size(struct btf_builder *b, const char *secname,
                      uint32_t size);
/* component_idx -1: the tag is on TYPE itself, else on member/param N. */
uint32_t btfb_decl_tag(struct btf_builder *b, const char *value,
                       uint32_t type, int32_t component_idx);
uint32_t btfb_type_tag(struct btf_builder *b, const char *value,
                       uint32_t type);

/* Forward references: btfb_reserve() returns an id usable at once;
   btfb_fill(b, reserved, id) makes it stand for type ID (made later). */
uint32_t btfb_reserve(struct btf_builder *b);
int btfb_fill(struct btf_builder *b, uint32_t reserved, uint32_t id);

/* Pruning roots (FUNC, VAR, DATASEC or any type).  DATASECs, FUNCs named
   by btfb_func_info and types named by btfb_core_relo are roots too. */
int btfb_mark_root(struct btf_builder *b, uint32_t id);

/* Introspection of builder ids (before or after finish). */
enum btfb_kind btfb_kind_of(const struct btf_builder *b, uint32_t id);
uint32_t btfb_nr_types(const struct btf_builder *b); /* builder ids */

/* ---------------------------------------------------- finish, ids */
/* Dedup + prune + renumber.  Called implicitly (flags 0) by the writers.
   After it no more types may be added (ext records still may). */
int btfb_finish(struct btf_builder *b, unsigned flags);
/* Final id of a builder id: 0 for void, pruned or unknown ids. */
uint32_t btfb_final_id(const struct btf_builder *b, uint32_t id);
/* Number of types written (final ids are 1..N). */
uint32_t btfb_final_count(const struct btf_builder *b);

/* ------------------------------------------------------- .BTF.ext */
/* Instruction location: if LABEL is non-NULL the offset is written as
   `.long LABEL-BASE' in assembler output (BASE: the label at the start of
   the code section) and OFF is only the sort key (e.g. emission order);
   otherwise OFF is the byte offset from the start of the code section.
   SECNAME is the code section (".text", "xdp", "kprobe/do_sys_open").
   Records are written sorted by OFF within each section (stable). */
int btfb_func_info(struct btf_builder *b, const char *secname,
                   uint32_t off, const char *label, const char *base,
                   uint32_t func_id);
int btfb_line_info(struct btf_builder *b, const char *secname,
                   uint32_t off, const char *label, const char *base,
                   const char *file, const char *line_text,
                   uint32_t line, uint32_t col);
/* kind: enum bpf_core_relo_kind (linux/bpf.h), access e.g. "0:1:2". */
int btfb_core_relo(struct btf_builder *b, const char *secname,
                   uint32_t off, const char *label, const char *base,
                   uint32_t type_id, const char *access, uint32_t kind);

/* --------------------------------------------------------- output */
/* Raw little-endian bytes, malloc'ed (free() them).  EXT may be NULL;
   *EXT is NULL / *EXT_LEN 0 when there are no .BTF.ext records.
   Fails if a record uses labels (those need the assembler). */
int btfb_write_raw(struct btf_builder *b, void **btf, size_t *btf_len,
                   void **ext, size_t *ext_len);
/* GNU as text: `.section .BTF,"",@progbits' ... and, if there are
   records, `.section .BTF.ext,"",@progbits' ...  Leaves .BTF or .BTF.ext
   as the current section. */
int btfb_write_asm(struct btf_builder *b, FILE *out);

/* Kernel-like sanity checks on the finished BTF (finishes if needed).
   Returns 0 if fine, else -1 with a message in MSG (also btfb_error). */
int btfb_validate(struct btf_builder *b, char *msg, size_t n);

#ifdef __cplusplus
}
#endif
#endif
