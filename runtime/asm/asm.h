/* asm.h - bpf-asm internals: assembler state, ELF writer, disassembler.  */
#ifndef BPFSUPPORT_ASM_H
#define BPFSUPPORT_ASM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "insn.h"

/* LLVM's BPF relocation numbers (what libbpf understands).  */
enum {
  R_BPF_NONE = 0, R_BPF_64_64 = 1, R_BPF_64_ABS64 = 2, R_BPF_64_ABS32 = 3,
  R_BPF_64_NODYLD32 = 4, R_BPF_64_32 = 10
};
#define EF_BPF_GNU_XBPF 0x1

enum asm_syntax_mode { ASM_SYNTAX_AUTO, ASM_SYNTAX_GNU, ASM_SYNTAX_PSEUDOC };

struct asm_opts {
  enum asm_syntax_mode syntax;
  int xbpf;            /* -mxbpf: sdiv/smod mean the xBPF encodings, e_flags */
  int max_errors;      /* 0: unlimited */
  FILE *diag;          /* where diagnostics go (NULL: discard) */
  size_t max_expand;   /* bytes of macro/.rept/.irp expansion (0: 64 MiB) */
  /* --app-stats: one line "LINE COUNT" per #APP...#NO_APP block (GCC's
     inline asm), COUNT the statements assembled in it (NULL: none).  */
  FILE *app_stats;
};

struct asm_sym {
  char *name;
  int sec;             /* section index, or one of ASM_SEC_* */
  uint64_t value, size;
  uint8_t bind, type, vis;
  uint8_t temp;        /* .L / numeric local / internal: not in symtab */
  uint8_t explicit_local, size_set, referenced, is_file;
  uint8_t set_defined; /* defined by .set/.equ/=: may be set again */
  uint8_t dead;        /* replaced by a later .set of the same name */
  int alias;           /* .set to a symbol undefined there: its index + 1 */
  int64_t alias_add;   /* ... plus this */
  int elf_index;
  uint64_t common_align;
};
#define ASM_SEC_UNDEF (-1)
#define ASM_SEC_ABS (-2)
#define ASM_SEC_COMMON (-3)

struct asm_reloc { uint64_t off; int type; int sym; /* asm_sym index, or -1-secidx for a section symbol */ };

struct asm_sec {
  char *name;
  uint32_t type;
  uint64_t flags, entsize, align;
  uint8_t *data;
  size_t size, cap;
  struct asm_reloc *rels;
  size_t nrel, relcap;
  int elf_index, sym_index;
  int too_big;
  int entsize_line;    /* the line that set entsize (0: none) */
};

struct asm_ctx;

/* Assemble TEXT (LEN bytes) named FILE.  Returns a context (never NULL)
   whose error count tells success.  */
struct asm_ctx *asm_run(const char *file, const char *text, size_t len,
                        const struct asm_opts *opts);
int asm_errors(const struct asm_ctx *);
/* Write the object to PATH (via a temporary and rename).  0 on success.  */
int asm_write_elf(struct asm_ctx *, const char *path);
void asm_free(struct asm_ctx *);

/* Accessors for the ELF writer.  */
size_t asm_nsecs(const struct asm_ctx *);
struct asm_sec *asm_sec_at(struct asm_ctx *, size_t i);
size_t asm_nsyms(const struct asm_ctx *);
struct asm_sym *asm_sym_at(struct asm_ctx *, size_t i);
uint32_t asm_eflags(const struct asm_ctx *);
const char *asm_file(const struct asm_ctx *);

/* Disassembler: print OBJ as reassemblable source.  0 on success.  */
int dis_file(const char *path, enum bpf_syntax syntax, int show_bytes, FILE *out);

#endif
