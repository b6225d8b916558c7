/* bpfobj.h - the one reader of BPF ELF objects, shared by bpf-run (its
 * loader, sim/elf-load.c), bpf-run's debugger and bpf-asm -d.
 *
 * It reads what the file says and checks that it can be read: the ELF
 * header, the section table, the symbol table, the relocations of each
 * section (bpfobj.c, libelf only), the .BTF section and the line info of
 * .BTF.ext (bpfobj-btf.c, through libbpf; a separate file so that bpf-asm,
 * which shows no BTF, does not link libbpf).  It does not ask whether
 * the object can run: the disassembler shows objects bpf-run refuses, so
 * what running needs (a relocatable object or an executable, code sizes,
 * which relocation fits which instruction, maps) is checked by the loader.
 *
 * Untrusted input: every offset and index read from the file is checked
 * before use; an object that cannot be read gives a message
 * "NAME: error: ..." and no partial result.  */
#ifndef BPFSUPPORT_BPFOBJ_H
#define BPFSUPPORT_BPFOBJ_H

#include "obj/bpf-elf.h"
#include <stddef.h>
#include <stdint.h>

struct btf;   /* libbpf */

struct bpfobj_rel {
  uint64_t off;             /* r_offset: byte offset in the section */
  uint32_t type;            /* R_BPF_* */
  uint32_t sym;             /* index in bpfobj.syms, checked */
};

struct bpfobj_sec {
  const char *name;         /* "" when the name cannot be read */
  Elf64_Shdr sh;
  const uint8_t *data;      /* its bytes in the file, bounds checked;
                               NULL for section 0, SHT_NULL, SHT_NOBITS */
  size_t size;              /* bytes at data (0 when data is NULL) */
  struct bpfobj_rel *rels;  /* its relocations: those of every SHT_REL
                               section whose sh_info names it, in file order */
  size_t nrels;
};

struct bpfobj_sym {
  const char *name;         /* STT_SECTION symbols: their section's name */
  uint64_t value, size;
  uint32_t shndx;           /* st_shndx (SHN_UNDEF, SHN_ABS, ... kept) */
  uint8_t bind, type, vis;  /* STB_*, STT_*, STV_* */
};

struct bpfobj {
  char name[128];           /* for messages */
  Elf64_Ehdr eh;
  struct bpfobj_sec *secs;  /* all of the section table, [0] included */
  size_t nsec;
  struct bpfobj_sym *syms;  /* the first SHT_SYMTAB, [0] the null symbol */
  size_t nsyms;
  size_t symtab;            /* its section index, 0 when there is none */
  /* private: the file's bytes (names and data point into them) */
  uint8_t *file;
  void *elf;                /* libelf's Elf * */
};

/* Read the LEN bytes at BUF (copied: the caller's buffer may go).  NAME
   is only for messages.  Returns NULL with "NAME: error: ..." in ERR
   when the object cannot be read.  */
struct bpfobj *bpfobj_read(const void *buf, size_t len, const char *name,
                           char *err, size_t errlen);
/* Read the file at PATH whole, then as bpfobj_read.  */
struct bpfobj *bpfobj_read_file(const char *path, char *err, size_t errlen);
void bpfobj_free(struct bpfobj *o);

/* The section named NAME (the first such), or NULL.  */
const struct bpfobj_sec *bpfobj_sec_by_name(const struct bpfobj *o, const char *name);

/* calloc, or exit with "PROGRAM: error: out of memory" (status 2): no
   caller of the reader could do better.  */
void *bpfobj_xcalloc(size_t n, size_t s);

/* ---- bpfobj-btf.c: BTF and line info (links libbpf) ---- */

struct bpfobj_line {        /* one record of .BTF.ext's line info */
  const char *sec;          /* the code section's name */
  uint32_t off;             /* byte offset of the instruction in it */
  uint32_t line, col;
  const char *file, *text;  /* in the BTF's strings */
};

struct bpfobj_btf {
  struct btf *btf;          /* libbpf's reading of .BTF; NULL without one */
  int refused;              /* a .BTF is there, but invalid */
  struct bpfobj_line *lines;
  size_t nlines;
};

/* The BTF of O: .BTF validated by libbpf (btf__new checks the header,
   the strings, every type and reference), and version 1, the only one the
   kernel takes; invalid BTF is no BTF.  Line info from the first
   well-formed .BTF.ext, records out of bounds dropped.  Never NULL.  */
struct bpfobj_btf *bpfobj_btf_read(const struct bpfobj *o);
void bpfobj_btf_free(struct bpfobj_btf *b);

#endif
