/* insn.h - BPF instruction table, encoder, decoder and printer.
   GCC-free and reusable (assembler, disassembler, simulator tracing).  */
#ifndef BPFSUPPORT_INSN_H
#define BPFSUPPORT_INSN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The fields of the opcode byte and of the immediate, named as the uapi
   names them: BPF_ALU64 | BPF_ADD | BPF_X, BPF_STX | BPF_DW | BPF_ATOMIC
   with imm BPF_ADD | BPF_FETCH.  The classic BPF names (classes, sizes,
   modes, the ALU and jump operations, the source bit, and the BPF_CLASS,
   BPF_SIZE, BPF_MODE, BPF_OP and BPF_SRC field macros) are
   <linux/bpf_common.h>'s.  eBPF's additions are spelled below as
   <linux/bpf.h> spells them; that header is not included because its
   struct bpf_insn (the raw eight bytes) is not the decoded form this
   file declares.  Each is under #ifndef so that a newer kernel header
   defining some of them (BPF_MEMSX) is no conflict.  */
#include <linux/bpf_common.h>

#ifndef BPF_JMP32
#define BPF_JMP32	0x06	/* jmp mode in word width */
#endif
#ifndef BPF_ALU64
#define BPF_ALU64	0x07	/* alu mode in double word width */
#endif
#ifndef BPF_DW
#define BPF_DW		0x18	/* double word (64-bit) */
#endif
#ifndef BPF_MEMSX
#define BPF_MEMSX	0x80	/* load with sign extension */
#endif
#ifndef BPF_ATOMIC
#define BPF_ATOMIC	0xc0	/* atomic memory ops - op type in immediate */
#endif
#ifndef BPF_MOV
#define BPF_MOV		0xb0	/* mov reg to reg */
#endif
#ifndef BPF_ARSH
#define BPF_ARSH	0xc0	/* sign extending arithmetic shift right */
#endif
#ifndef BPF_END
#define BPF_END		0xd0	/* flags for endianness conversion: */
#define BPF_TO_LE	0x00	/* convert to little-endian */
#define BPF_TO_BE	0x08	/* convert to big-endian */
#endif
#ifndef BPF_JNE
#define BPF_JNE		0x50	/* jump != */
#define BPF_JLT		0xa0	/* LT is unsigned, '<' */
#define BPF_JLE		0xb0	/* LE is unsigned, '<=' */
#define BPF_JSGT	0x60	/* SGT is signed '>', GT in x86 */
#define BPF_JSGE	0x70	/* SGE is signed '>=', GE in x86 */
#define BPF_JSLT	0xc0	/* SLT is signed, '<' */
#define BPF_JSLE	0xd0	/* SLE is signed, '<=' */
#define BPF_CALL	0x80	/* function call */
#define BPF_EXIT	0x90	/* function return */
#endif
#ifndef BPF_JCOND
#define BPF_JCOND	0xe0	/* conditional pseudo jumps: may_goto, goto_or_nop */
#endif
/* Atomic op type fields (stored in immediate).  */
#ifndef BPF_FETCH
#define BPF_FETCH	0x01	/* not an opcode on its own, used to build others */
#define BPF_XCHG	(0xe0 | BPF_FETCH)	/* atomic exchange */
#define BPF_CMPXCHG	(0xf0 | BPF_FETCH)	/* atomic compare-and-write */
#endif
/* The source register of lddw (BPF_LD | BPF_DW | BPF_IMM) and of
   BPF_JMP | BPF_CALL: what imm stands for.  Source 0 is a plain constant
   or a helper number.  */
#ifndef BPF_PSEUDO_MAP_FD
#define BPF_PSEUDO_MAP_FD	1
#define BPF_PSEUDO_MAP_IDX	5
#define BPF_PSEUDO_MAP_VALUE		2
#define BPF_PSEUDO_MAP_IDX_VALUE	6
#define BPF_PSEUDO_BTF_ID	3
#define BPF_PSEUDO_FUNC		4
#define BPF_PSEUDO_CALL		1
#define BPF_PSEUDO_KFUNC_CALL	2
#endif
/* GCC's xBPF extension: signed division and modulo as operations of
   their own (cpu v4 has them as BPF_DIV and BPF_MOD with off 1).  No
   uapi name: the kernel does not know them.  */
#define BPF_XSDIV	0xe0
#define BPF_XSMOD	0xf0

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
  uint16_t sim_op;     /* bpf-run's operation (sim/ops.h's OPS), OP_INVALID
                          where the simulator has no semantics for it */
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
static inline int bpf_class(uint8_t code) { return BPF_CLASS(code); }
int bpf_size_bytes(uint8_t code);   /* 1,2,4,8 for load/store codes */
/* Name of the lddw pseudo form for SRC (1..6: map_fd, map_value, btf_id,
   func, map_idx, map_idx_value), or NULL.  */
const char *bpf_lddw_pseudo_name(int src);

#ifdef __cplusplus
}
#endif

#endif
