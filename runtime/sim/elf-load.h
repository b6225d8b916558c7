/* elf-load.h - load a BPF ELF object the way libbpf would.
 *
 * bpf-run's loader, no execution state here.  The file is read by the
 * object reader the disassembler shares (obj/bpfobj.h); what running
 * needs is checked and built here.  An object (relocatable .o from clang or bpf-gcc, or an executable linked
 * by bpf-ld) becomes:
 *   - one flat code array: every executable section concatenated, with
 *     bpf-to-bpf calls resolved to absolute instruction indices;
 *   - programs: entry points into that array (function symbols in program
 *     sections, or _start of an executable), with a program type taken
 *     from the section name as libbpf's section table does;
 *   - maps: from .maps (BTF-defined), the legacy `maps' section, and
 *     global data sections (.data, .bss, .rodata, .data.*, .rodata.*,
 *     .kconfig) as single-entry arrays;
 *   - lddw instructions rewritten as the kernel sees them after libbpf:
 *     src = BPF_PSEUDO_MAP_FD (imm = map index), BPF_PSEUDO_MAP_VALUE (imm
 *     = map index, next imm = offset), BPF_PSEUDO_FUNC (imm = absolute insn
 *     index);
 *   - function names and line info (.BTF.ext) for messages.
 * Untrusted input: every offset is checked; errors are reported in text.  */
#ifndef BPFSUPPORT_ELF_LOAD_H
#define BPFSUPPORT_ELF_LOAD_H

#include <stddef.h>
#include <stdint.h>

struct btf;   /* libbpf */
struct bpfobj;
struct bpfobj_btf;

/* Raw instruction, as in the ELF file (little endian host assumed).  */
struct elo_insn {
  uint8_t code;
  uint8_t regs;      /* dst low nibble, src high nibble */
  int16_t off;
  int32_t imm;
};
#define ELO_DST(i) ((i)->regs & 0xf)
#define ELO_SRC(i) ((i)->regs >> 4)

/* A call's src field for a helper (the kernel's: 0).  The other src
   values, of calls and lddw, are <linux/bpf.h>'s BPF_PSEUDO_* names
   (runtime/insn.h spells them for the files that cannot include it).  */
enum { ELO_CALL_HELPER = 0 };

struct elo_map {
  char name[64];            /* variable name, or section name for data */
  uint32_t type, key_size, value_size, max_entries, flags;
  int internal;             /* global-data map */
  int readonly;             /* .rodata*, .kconfig */
  int inner;                /* map-in-map: index of inner map def, or -1 */
  int sec;                  /* ELF section index */
  uint64_t sec_off;         /* offset of the definition in its section */
  uint8_t *init;            /* initial value of a data map (value_size) */
  char **init_names;        /* prog array / map-in-map initial values:
                               program or map name per slot, or NULL */
  uint32_t ninit;
  uint32_t values_off;      /* byte offset of the `values' member */
};

struct elo_prog {
  char name[64];
  char sec[128];
  uint32_t type;            /* BPF_PROG_TYPE_* */
  uint32_t start;           /* absolute insn index of entry */
  uint32_t end;             /* end of its section in the code array */
};

struct elo_func {           /* a function symbol in the code array */
  char name[64];
  uint32_t start, end;
};

struct elo_line {
  uint32_t insn;            /* absolute insn index */
  uint32_t line, col;
  const char *file;         /* points into object's BTF strings */
  const char *text;
};

struct elo_extern {         /* a .kconfig extern */
  char name[64];
  uint32_t size;
  uint64_t off;             /* offset in the .kconfig map value */
};

struct elo_object {
  char name[128];
  int is_exec;              /* ET_EXEC from bpf-ld */
  int xbpf;                 /* e_flags & EF_BPF_GNU_XBPF */
  struct elo_insn *code;
  uint32_t ncode;
  struct elo_prog *progs;  uint32_t nprogs;
  struct elo_map *maps;    uint32_t nmaps;
  struct elo_func *funcs;  uint32_t nfuncs;
  struct elo_line *lines;  uint32_t nlines;
  struct elo_extern *externs; uint32_t nexterns;
  int kconfig_map;          /* index of .kconfig map, or -1 */
  /* Executables: the image mapped at its link addresses.  */
  uint8_t *image; uint64_t image_lo, image_hi;
  /* the object as read (obj/bpfobj.h): sections, symbols, BTF */
  struct bpfobj *file;
  struct bpfobj_btf *file_btf;
  struct btf *btf;          /* file_btf's libbpf BTF (line info strings point into it) */
  int has_btf;
  /* Executables: code sections by address (function pointers).  */
  struct elo_codesec { uint64_t addr; uint32_t base, n; } *csecs;
  uint32_t ncsecs;
};

/* Load LEN bytes at BUF.  NAME is used in messages and derives nothing
   else.  Returns NULL on error with a message in ERR.  */
struct elo_object *elo_open(const void *buf, size_t len, const char *name,
                            char *err, size_t errlen);
void elo_close(struct elo_object *o);

/* Program type for a section name, as libbpf's section table (0 when
   unknown, which is BPF_PROG_TYPE_UNSPEC).  */
uint32_t elo_sec_prog_type(const char *sec);
/* Whether program type TYPE is XDP (files that cannot include
   <linux/bpf.h> ask here).  */
int elo_prog_type_is_xdp(uint32_t type);
/* Program type from a name such as "xdp", "socket", "tc", "kprobe".  */
int elo_type_from_name(const char *name, uint32_t *type);
const char *elo_type_name(uint32_t type);

/* The function containing insn PC, or NULL.  */
const struct elo_func *elo_func_at(const struct elo_object *o, uint32_t pc);
/* Line info at or before PC within its function, or NULL.  */
const struct elo_line *elo_line_at(const struct elo_object *o, uint32_t pc);

#endif
