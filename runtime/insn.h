/* insn.h - BPF instruction table, encoder, decoder and printer.
   GCC-free and reusable (assembler, disassembler, simulator tracing).  */
#ifndef BPFSUPPORT_INSN_H
#define BPFSUPPORT_INSN_H

#include <stddef.h>
#include <stdint.h>

/* Instruction classes, sizes, modes, ALU/JMP operations.  */
enum {
  BPF_LD = 0x00, BPF_LDX = 0x01, BPF_ST = 0x02, BPF_STX = 0x03,
  BPF_ALU = 0x04, BPF_JMP = 0x05, BPF_JMP32 = 0x06, BPF_ALU64 = 0x07,
  BPF_W = 0x00, BPF_H = 0x08, BPF_B = 0x10, BPF_DW = 0x18,
  BPF_IMM = 0x00, BPF_ABS = 0x20, BPF_IND = 0x40, BPF_MEM = 0x60,
  BPF_MEMSX = 0x80, BPF_ATOMIC = 0xc0,
  BPF_K = 0x00, BPF_X = 0x08
};

/* Instruction formats (operand shapes).  */
enum bpf_fmt {
  BPF_F_ALU_R,   /* dst, src */
  BPF_F_ALU_I,   /* dst, imm */
  BPF_F_NEG,     /* dst */
  BPF_F_END,     /* dst (imm fixed: 16/32/64) */
  BPF_F_MOVSX,   /* dst, src (off fixed: 8/16/32) */
  BPF_F_LDDW,    /* dst, imm64 (src selects the pseudo form) */
  BPF_F_LDABS,   /* imm */
  BPF_F_LDIND,   /* src, imm */
  BPF_F_LDX,     /* dst, [src+off] */
  BPF_F_STX,     /* [dst+off], src */
  BPF_F_ST,      /* [dst+off], imm */
  BPF_F_ATOMIC,  /* [dst+off], src (imm fixed) */
  BPF_F_JA,      /* off */
  BPF_F_JAL,     /* imm (gotol) */
  BPF_F_JR,      /* dst, src, off */
  BPF_F_JI,      /* dst, imm, off */
  BPF_F_CALL,    /* imm; src 0 helper, 1 bpf-to-bpf, 2 kfunc */
  BPF_F_CALLX,   /* dst (GCC xBPF indirect call: register in dst) */
  BPF_F_CALLXI,  /* LLVM 14 `callx rN': register number in imm */
  BPF_F_EXIT
};

/* Flags of a table entry.  */
#define BPF_OPF_FIXIMM 0x01  /* imm must equal .imm */
#define BPF_OPF_FIXOFF 0x02  /* off must equal .off */
#define BPF_OPF_XBPF   0x04  /* GCC xBPF extension */
#define BPF_OPF_W32    0x08  /* 32-bit register view (wN) in pseudo-C */
#define BPF_OPF_V4     0x10  /* cpu v4 */
#define BPF_OPF_V3     0x20  /* cpu v3 (jmp32, atomics) */
#define BPF_OPF_ALIAS  0x40  /* accepted by the parser, never printed */

struct bpf_op {
  const char *gnu;     /* GNU mnemonic */
  const char *pc;      /* pseudo-C operator / keyword */
  uint8_t code;
  uint8_t fmt;         /* enum bpf_fmt */
  uint8_t flags;
  int16_t off;         /* with BPF_OPF_FIXOFF */
  int32_t imm;         /* with BPF_OPF_FIXIMM */
};

extern const struct bpf_op bpf_ops[];
extern const size_t bpf_nops;

/* A decoded instruction.  For lddw, imm64 holds the 64-bit value and
   imm/imm2 the two halves.  */
struct bpf_insn {
  uint8_t code, dst, src;
  int16_t off;
  int32_t imm;
  int32_t imm2;        /* lddw second slot imm */
  uint8_t nslots;      /* 1 or 2 */
  const struct bpf_op *op;  /* NULL when unknown */
};

enum bpf_syntax { BPF_SYNTAX_GNU = 0, BPF_SYNTAX_PSEUDOC = 1 };

/* Decode LEN bytes at BUF (little endian).  Returns the number of bytes
   consumed (8 or 16), or -1 when LEN is too short.  An unknown opcode
   still decodes (op == NULL).  */
int bpf_insn_decode(const uint8_t *buf, size_t len, struct bpf_insn *out);

/* Find the table entry for the fields of INSN, or NULL.  */
const struct bpf_op *bpf_insn_lookup(const struct bpf_insn *insn);

/* Encode INSN into OUT (8 or 16 bytes, per insn->nslots or the opcode).
   Returns the number of bytes written.  */
int bpf_insn_encode(const struct bpf_insn *insn, uint8_t out[16]);

/* True when decoding then re-encoding the printed fields gives the same
   bytes (i.e. the instruction has a canonical textual form).  */
int bpf_insn_canonical(const struct bpf_insn *insn);

/* Print INSN in SYNTAX into BUF.  TARGET, when not NULL, replaces the
   numeric operand that a relocation or label stands for (lddw value,
   call imm, jump offset).  Returns the length (snprintf semantics).  */
int bpf_insn_print(const struct bpf_insn *insn, enum bpf_syntax syntax,
                   const char *target, char *buf, size_t size);

/* Table queries for parsers.  Iterate entries whose GNU mnemonic is NAME:
   start with *IDX = 0; returns NULL when exhausted.  */
const struct bpf_op *bpf_op_next_gnu(const char *name, size_t *idx);

/* Helpers.  */
static inline int bpf_class(uint8_t code) { return code & 7; }
int bpf_size_bytes(uint8_t code);   /* 1,2,4,8 for load/store codes */
/* Name of the lddw pseudo form for SRC (1..6: map_fd, map_value, btf_id,
   func, map_idx, map_idx_value), or NULL.  */
const char *bpf_lddw_pseudo_name(int src);

#endif
