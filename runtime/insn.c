/* insn.c - BPF instruction table (the single source of truth), encoder,
   decoder and printer in GNU and pseudo-C syntax.  */
#include "insn.h"
#include "sim/ops.h"   /* the sim_op column: bpf-run's operations */

#include <stdio.h>
#include <string.h>

#define FI BPF_OPF_FIXIMM
#define FO BPF_OPF_FIXOFF
#define W32 BPF_OPF_W32
#define XB BPF_OPF_XBPF
#define V4 BPF_OPF_V4
#define V3 BPF_OPF_V3
#define AL BPF_OPF_ALIAS

/* The rows' last column is bpf-run's operation for the entry (sim/ops.h),
   by the stem of its name: ALU(..., ADD) runs OP_ADD64_X, OP_ADD64_K,
   OP_ADD32_X and OP_ADD32_K.  */

/* ALU: register and immediate forms, 64 and 32 bits.  */
#define ALU2(name, pc, op, fl, o, sem)                                       \
  { name, pc, BPF_ALU64 | BPF_X | (op), BPF_F_ALU_R, (fl), o, 0, OP_##sem##64_X }, \
  { name, pc, BPF_ALU64 | BPF_K | (op), BPF_F_ALU_I, (fl), o, 0, OP_##sem##64_K }, \
  { name "32", pc, BPF_ALU | BPF_X | (op), BPF_F_ALU_R, (fl) | W32, o, 0, OP_##sem##32_X }, \
  { name "32", pc, BPF_ALU | BPF_K | (op), BPF_F_ALU_I, (fl) | W32, o, 0, OP_##sem##32_K }
#define ALU(name, pc, op, sem) ALU2(name, pc, op, 0, 0, sem)
/* Jumps: conditional, 64 and 32 bits.  */
#define JC(name, pc, op, sem)                                                 \
  { name, pc, BPF_JMP | BPF_X | (op), BPF_F_JR, 0, 0, 0, OP_J##sem##_X },     \
  { name, pc, BPF_JMP | BPF_K | (op), BPF_F_JI, 0, 0, 0, OP_J##sem##_K },     \
  { name "32", pc, BPF_JMP32 | BPF_X | (op), BPF_F_JR, W32 | V3, 0, 0, OP_J32##sem##_X }, \
  { name "32", pc, BPF_JMP32 | BPF_K | (op), BPF_F_JI, W32 | V3, 0, 0, OP_J32##sem##_K }
/* Atomics: the operation is in imm, on 64 and 32 bits.  */
#define ATOM(name, pc, imm, fl, sem)                                          \
  { name, pc, BPF_STX | BPF_DW | BPF_ATOMIC, BPF_F_ATOMIC, FI | (fl), 0, imm, OP_##sem##_DW }, \
  { name "32", pc, BPF_STX | BPF_W | BPF_ATOMIC, BPF_F_ATOMIC, FI | W32 | (fl), 0, imm, OP_##sem##_W }

const struct bpf_op bpf_ops[] = {
  /* Entries with fixed off/imm come before the generic entry of the same
     opcode: the decoder takes the first match.  */
  ALU2("sdiv", "s/=", BPF_DIV, FO | V4, 1, SDIV),
  ALU2("smod", "s%=", BPF_MOD, FO | V4, 1, SMOD),
  { "movs", "(s8)", BPF_ALU64 | BPF_X | BPF_MOV, BPF_F_MOVSX, FO | V4, 8, 0, OP_MOVSX64_8 },
  { "movs", "(s16)", BPF_ALU64 | BPF_X | BPF_MOV, BPF_F_MOVSX, FO | V4, 16, 0, OP_MOVSX64_16 },
  { "movs", "(s32)", BPF_ALU64 | BPF_X | BPF_MOV, BPF_F_MOVSX, FO | V4, 32, 0, OP_MOVSX64_32 },
  { "movs32", "(s8)", BPF_ALU | BPF_X | BPF_MOV, BPF_F_MOVSX, FO | V4 | W32, 8, 0, OP_MOVSX32_8 },
  { "movs32", "(s16)", BPF_ALU | BPF_X | BPF_MOV, BPF_F_MOVSX, FO | V4 | W32, 16, 0, OP_MOVSX32_16 },
  ALU("add", "+=", BPF_ADD, ADD),
  ALU("sub", "-=", BPF_SUB, SUB),
  ALU("mul", "*=", BPF_MUL, MUL),
  ALU2("div", "/=", BPF_DIV, FO, 0, DIV),
  ALU("or", "|=", BPF_OR, OR),
  ALU("and", "&=", BPF_AND, AND),
  ALU("lsh", "<<=", BPF_LSH, LSH),
  ALU("rsh", ">>=", BPF_RSH, RSH),
  ALU2("mod", "%=", BPF_MOD, FO, 0, MOD),
  ALU("xor", "^=", BPF_XOR, XOR),
  ALU2("mov", "=", BPF_MOV, FO, 0, MOV),
  ALU("arsh", "s>>=", BPF_ARSH, ARSH),
  { "neg", "-", BPF_ALU64 | BPF_K | BPF_NEG, BPF_F_NEG, 0, 0, 0, OP_NEG64 },
  { "neg32", "-", BPF_ALU | BPF_K | BPF_NEG, BPF_F_NEG, W32, 0, 0, OP_NEG32 },
  /* Byte swaps: BPF_ALU's to a byte order (a swap or not, by the host's;
     bpf-run runs on a little-endian host), BPF_ALU64's unconditional.  */
  { "endle", "le16", BPF_ALU | BPF_TO_LE | BPF_END, BPF_F_END, FI, 0, 16, OP_LE16 },
  { "endle", "le32", BPF_ALU | BPF_TO_LE | BPF_END, BPF_F_END, FI, 0, 32, OP_LE32 },
  { "endle", "le64", BPF_ALU | BPF_TO_LE | BPF_END, BPF_F_END, FI, 0, 64, OP_LE64 },
  { "endbe", "be16", BPF_ALU | BPF_TO_BE | BPF_END, BPF_F_END, FI, 0, 16, OP_BE16 },
  { "endbe", "be32", BPF_ALU | BPF_TO_BE | BPF_END, BPF_F_END, FI, 0, 32, OP_BE32 },
  { "endbe", "be64", BPF_ALU | BPF_TO_BE | BPF_END, BPF_F_END, FI, 0, 64, OP_BE64 },
  { "bswap", "bswap16", BPF_ALU64 | BPF_K | BPF_END, BPF_F_END, FI | V4, 0, 16, OP_BE16 },
  { "bswap", "bswap32", BPF_ALU64 | BPF_K | BPF_END, BPF_F_END, FI | V4, 0, 32, OP_BE32 },
  { "bswap", "bswap64", BPF_ALU64 | BPF_K | BPF_END, BPF_F_END, FI | V4, 0, 64, OP_BE64 },
  /* GCC xBPF: signed division/modulo with their own opcodes.  */
  ALU2("xsdiv", "xs/=", BPF_XSDIV, XB, 0, SDIV),
  ALU2("xsmod", "xs%=", BPF_XSMOD, XB, 0, SMOD),
  /* Loads.  The 64-bit packet loads exist in the assembler only: the
     kernel has no such instruction, so bpf-run gives them no operation.  */
  { "lddw", "ll", BPF_LD | BPF_DW | BPF_IMM, BPF_F_LDDW, 0, 0, 0, OP_LDDW },
  { "ldabsw", "u32", BPF_LD | BPF_W | BPF_ABS, BPF_F_LDABS, 0, 0, 0, OP_LDABS_W },
  { "ldabsh", "u16", BPF_LD | BPF_H | BPF_ABS, BPF_F_LDABS, 0, 0, 0, OP_LDABS_H },
  { "ldabsb", "u8", BPF_LD | BPF_B | BPF_ABS, BPF_F_LDABS, 0, 0, 0, OP_LDABS_B },
  { "ldabsdw", "u64", BPF_LD | BPF_DW | BPF_ABS, BPF_F_LDABS, 0, 0, 0, OP_INVALID },
  { "ldindw", "u32", BPF_LD | BPF_W | BPF_IND, BPF_F_LDIND, 0, 0, 0, OP_LDIND_W },
  { "ldindh", "u16", BPF_LD | BPF_H | BPF_IND, BPF_F_LDIND, 0, 0, 0, OP_LDIND_H },
  { "ldindb", "u8", BPF_LD | BPF_B | BPF_IND, BPF_F_LDIND, 0, 0, 0, OP_LDIND_B },
  { "ldinddw", "u64", BPF_LD | BPF_DW | BPF_IND, BPF_F_LDIND, 0, 0, 0, OP_INVALID },
  { "ldxw", "u32", BPF_LDX | BPF_W | BPF_MEM, BPF_F_LDX, 0, 0, 0, OP_LDX_W },
  { "ldxh", "u16", BPF_LDX | BPF_H | BPF_MEM, BPF_F_LDX, 0, 0, 0, OP_LDX_H },
  { "ldxb", "u8", BPF_LDX | BPF_B | BPF_MEM, BPF_F_LDX, 0, 0, 0, OP_LDX_B },
  { "ldxdw", "u64", BPF_LDX | BPF_DW | BPF_MEM, BPF_F_LDX, 0, 0, 0, OP_LDX_DW },
  { "ldxsw", "s32", BPF_LDX | BPF_W | BPF_MEMSX, BPF_F_LDX, V4, 0, 0, OP_LDSX_W },
  { "ldxsh", "s16", BPF_LDX | BPF_H | BPF_MEMSX, BPF_F_LDX, V4, 0, 0, OP_LDSX_H },
  { "ldxsb", "s8", BPF_LDX | BPF_B | BPF_MEMSX, BPF_F_LDX, V4, 0, 0, OP_LDSX_B },
  /* Stores.  */
  { "stxw", "u32", BPF_STX | BPF_W | BPF_MEM, BPF_F_STX, 0, 0, 0, OP_STX_W },
  { "stxh", "u16", BPF_STX | BPF_H | BPF_MEM, BPF_F_STX, 0, 0, 0, OP_STX_H },
  { "stxb", "u8", BPF_STX | BPF_B | BPF_MEM, BPF_F_STX, 0, 0, 0, OP_STX_B },
  { "stxdw", "u64", BPF_STX | BPF_DW | BPF_MEM, BPF_F_STX, 0, 0, 0, OP_STX_DW },
  { "stw", "u32", BPF_ST | BPF_W | BPF_MEM, BPF_F_ST, 0, 0, 0, OP_ST_W },
  { "sth", "u16", BPF_ST | BPF_H | BPF_MEM, BPF_F_ST, 0, 0, 0, OP_ST_H },
  { "stb", "u8", BPF_ST | BPF_B | BPF_MEM, BPF_F_ST, 0, 0, 0, OP_ST_B },
  { "stdw", "u64", BPF_ST | BPF_DW | BPF_MEM, BPF_F_ST, 0, 0, 0, OP_ST_DW },
  /* Atomics.  The binutils 2.40 names xadddw/xaddw come first so that
     they are the ones printed.  */
  { "xadddw", "add", BPF_STX | BPF_DW | BPF_ATOMIC, BPF_F_ATOMIC, FI, 0, BPF_ADD, OP_AADD_DW },
  { "xaddw", "add", BPF_STX | BPF_W | BPF_ATOMIC, BPF_F_ATOMIC, FI | W32, 0, BPF_ADD, OP_AADD_W },
  ATOM("aadd", "add", BPF_ADD, V3 | AL, AADD),
  ATOM("aor", "or", BPF_OR, V3, AOR),
  ATOM("aand", "and", BPF_AND, V3, AAND),
  ATOM("axor", "xor", BPF_XOR, V3, AXOR),
  ATOM("afadd", "add", BPF_ADD | BPF_FETCH, V3, AFADD),
  ATOM("afor", "or", BPF_OR | BPF_FETCH, V3, AFOR),
  ATOM("afand", "and", BPF_AND | BPF_FETCH, V3, AFAND),
  ATOM("afxor", "xor", BPF_XOR | BPF_FETCH, V3, AFXOR),
  ATOM("axchg", "xchg", BPF_XCHG, V3, AXCHG),
  ATOM("acmp", "cmpxchg", BPF_CMPXCHG, V3, ACMPXCHG),
  /* Jumps.  gotol is BPF_JMP32 | BPF_JA with the offset in imm.  */
  { "ja", "goto", BPF_JMP | BPF_K | BPF_JA, BPF_F_JA, 0, 0, 0, OP_JA },
  { "jal", "gotol", BPF_JMP32 | BPF_K | BPF_JA, BPF_F_JAL, V4, 0, 0, OP_JA },
  { "gotol", "gotol", BPF_JMP32 | BPF_K | BPF_JA, BPF_F_JAL, V4 | AL, 0, 0, OP_JA },
  /* may_goto (kernel 6.9): taken once the loop it bounds has used up the
     frame's budget; any cpu, the kernel rewrites it.  */
  { "may_goto", "may_goto", BPF_JMP | BPF_K | BPF_JCOND, BPF_F_JA, 0, 0, 0, OP_MAY_GOTO },
  JC("jeq", "==", BPF_JEQ, EQ),
  JC("jgt", ">", BPF_JGT, GT),
  JC("jge", ">=", BPF_JGE, GE),
  JC("jset", "&", BPF_JSET, SET),
  JC("jne", "!=", BPF_JNE, NE),
  JC("jsgt", "s>", BPF_JSGT, SGT),
  JC("jsge", "s>=", BPF_JSGE, SGE),
  JC("jlt", "<", BPF_JLT, LT),
  JC("jle", "<=", BPF_JLE, LE),
  JC("jslt", "s<", BPF_JSLT, SLT),
  JC("jsle", "s<=", BPF_JSLE, SLE),
  /* Calls: the source register says what imm is (0 a helper,
     BPF_PSEUDO_CALL a local function, BPF_PSEUDO_KFUNC_CALL a kfunc);
     the decoder picks the operation by it, the row names the helper's.  */
  { "call", "call", BPF_JMP | BPF_K | BPF_CALL, BPF_F_CALL, 0, 0, 0, OP_CALL_HELPER },
  { "call", "callx", BPF_JMP | BPF_X | BPF_CALL, BPF_F_CALLX, XB | FI, 0, 0, OP_CALLX },
  { "callx", "callx", BPF_JMP | BPF_X | BPF_CALL, BPF_F_CALLXI, 0, 0, 0, OP_CALLX },
  { "exit", "exit", BPF_JMP | BPF_K | BPF_EXIT, BPF_F_EXIT, 0, 0, 0, OP_EXIT },
};
const size_t bpf_nops = sizeof bpf_ops / sizeof bpf_ops[0];

/* Per-opcode index of the first candidate entry (built lazily).  */
static short first_by_code[256];
static short next_same_code[sizeof bpf_ops / sizeof bpf_ops[0]];
static int index_built;

static void
build_index (void)
{
  for (int i = 0; i < 256; i++)
    first_by_code[i] = -1;
  for (int i = (int) bpf_nops - 1; i >= 0; i--)
    {
      next_same_code[i] = first_by_code[bpf_ops[i].code];
      first_by_code[bpf_ops[i].code] = (short) i;
    }
  index_built = 1;
}

const struct bpf_op *
bpf_insn_lookup (const struct bpf_insn *insn)
{
  if (!index_built)
    build_index ();
  for (int i = first_by_code[insn->code]; i >= 0; i = next_same_code[i])
    {
      const struct bpf_op *op = &bpf_ops[i];
      if (op->flags & BPF_OPF_ALIAS)
        continue;
      if ((op->flags & BPF_OPF_FIXIMM) && insn->imm != op->imm)
        continue;
      if ((op->flags & BPF_OPF_FIXOFF) && insn->off != op->off)
        continue;
      return op;
    }
  return NULL;
}

static inline uint32_t
rd32 (const uint8_t *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16
         | (uint32_t) p[3] << 24;
}

int
bpf_insn_decode (const uint8_t *buf, size_t len, struct bpf_insn *out)
{
  if (len < 8)
    return -1;
  memset (out, 0, sizeof *out);
  out->code = buf[0];
  out->dst = buf[1] & 0xf;
  out->src = buf[1] >> 4;
  out->off = (int16_t) (buf[2] | buf[3] << 8);
  out->imm = (int32_t) rd32 (buf + 4);
  out->nslots = 1;
  if (out->code == (BPF_LD | BPF_DW | BPF_IMM))
    {
      if (len < 16)
        return -1;
      out->imm2 = (int32_t) rd32 (buf + 12);
      out->nslots = 2;
      /* The second slot must be all zero but its imm.  */
      if (buf[8] || buf[9] || buf[10] || buf[11])
        {
          out->op = NULL;
          return 16;
        }
    }
  out->op = bpf_insn_lookup (out);
  return out->nslots * 8;
}

int
bpf_insn_encode (const struct bpf_insn *insn, uint8_t out[16])
{
  uint32_t imm = (uint32_t) insn->imm;
  out[0] = insn->code;
  out[1] = (uint8_t) ((insn->dst & 0xf) | (insn->src & 0xf) << 4);
  out[2] = (uint8_t) ((uint16_t) insn->off & 0xff);
  out[3] = (uint8_t) ((uint16_t) insn->off >> 8);
  out[4] = imm & 0xff;
  out[5] = (imm >> 8) & 0xff;
  out[6] = (imm >> 16) & 0xff;
  out[7] = (imm >> 24) & 0xff;
  if (insn->code == (BPF_LD | BPF_DW | BPF_IMM))
    {
      uint32_t i2 = (uint32_t) insn->imm2;
      memset (out + 8, 0, 4);
      out[12] = i2 & 0xff;
      out[13] = (i2 >> 8) & 0xff;
      out[14] = (i2 >> 16) & 0xff;
      out[15] = (i2 >> 24) & 0xff;
      return 16;
    }
  return 8;
}

int
bpf_size_bytes (uint8_t code)
{
  switch (BPF_SIZE (code))
    {
    case BPF_W: return 4;
    case BPF_H: return 2;
    case BPF_B: return 1;
    default: return 8;
    }
}

int
bpf_insn_canonical (const struct bpf_insn *in)
{
  const struct bpf_op *op = in->op;
  if (!op)
    return 0;
  int dst = 0, src = 0, off = 0, imm = 0;
  switch (op->fmt)
    {
    case BPF_F_ALU_R: dst = src = 1; break;
    case BPF_F_ALU_I: dst = imm = 1; break;
    case BPF_F_NEG: dst = 1; break;
    case BPF_F_END: dst = 1; break;
    case BPF_F_MOVSX: dst = src = 1; break;
    case BPF_F_LDDW:
      dst = imm = 1;
      src = in->src <= BPF_PSEUDO_MAP_IDX_VALUE;
      break;
    case BPF_F_LDABS: imm = 1; break;
    case BPF_F_LDIND: src = imm = 1; break;
    case BPF_F_LDX: case BPF_F_STX: case BPF_F_ATOMIC:
      dst = src = off = 1; break;
    case BPF_F_ST: dst = off = imm = 1; break;
    case BPF_F_JA: off = 1; break;
    case BPF_F_JAL: imm = 1; break;
    case BPF_F_JR: dst = src = off = 1; break;
    case BPF_F_JI: dst = imm = off = 1; break;
    case BPF_F_CALL: imm = 1; src = in->src <= BPF_PSEUDO_KFUNC_CALL; break;
    case BPF_F_CALLX: dst = 1; break;
    case BPF_F_CALLXI:
      imm = 1;
      if ((uint32_t) in->imm > 10)
        return 0;
      break;
    case BPF_F_EXIT: break;
    }
  if (op->flags & BPF_OPF_FIXOFF)
    off = 1;
  if (op->flags & BPF_OPF_FIXIMM)
    imm = 1;
  if ((!dst && in->dst) || (!src && in->src) || (!off && in->off)
      || (!imm && in->imm))
    return 0;
  if (dst && in->dst > 10)
    return 0;
  if (src && in->src > 10 && op->fmt != BPF_F_LDDW && op->fmt != BPF_F_CALL)
    return 0;
  return 1;
}

static const char *const lddw_pseudo[] = {
  [BPF_PSEUDO_MAP_FD] = "map_fd", [BPF_PSEUDO_MAP_VALUE] = "map_value",
  [BPF_PSEUDO_BTF_ID] = "btf_id", [BPF_PSEUDO_FUNC] = "func",
  [BPF_PSEUDO_MAP_IDX] = "map_idx", [BPF_PSEUDO_MAP_IDX_VALUE] = "map_idx_value"
};

const char *
bpf_lddw_pseudo_name (int src)
{
  return (src > 0 && src <= BPF_PSEUDO_MAP_IDX_VALUE) ? lddw_pseudo[src] : NULL;
}

/* Printing.  */

struct pbuf { char *p; size_t size, len; };

static void
put (struct pbuf *b, const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));

#include <stdarg.h>
static void
put (struct pbuf *b, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  size_t room = b->len < b->size ? b->size - b->len : 0;
  int n = vsnprintf (room ? b->p + b->len : NULL, room, fmt, ap);
  va_end (ap);
  if (n > 0)
    b->len += (size_t) n;
}

static void
put_off_gnu (struct pbuf *b, int off)
{
  put (b, "%+d", off);
}

static void
put_mem_pc (struct pbuf *b, int reg, int off)
{
  if (off < 0)
    put (b, "(r%d - %d)", reg, -off);
  else
    put (b, "(r%d + %d)", reg, off);
}

static void
print_gnu (struct pbuf *b, const struct bpf_insn *in, const char *target)
{
  const struct bpf_op *op = in->op;
  put (b, "%s", op->gnu);
  switch (op->fmt)
    {
    case BPF_F_ALU_R: put (b, "\t%%r%d,%%r%d", in->dst, in->src); break;
    case BPF_F_ALU_I: put (b, "\t%%r%d,%d", in->dst, in->imm); break;
    case BPF_F_NEG: put (b, "\t%%r%d", in->dst); break;
    case BPF_F_END: put (b, "\t%%r%d,%d", in->dst, op->imm); break;
    case BPF_F_MOVSX: put (b, "\t%%r%d,%%r%d,%d", in->dst, in->src, op->off); break;
    case BPF_F_LDDW:
      {
        uint64_t v = (uint32_t) in->imm | (uint64_t) (uint32_t) in->imm2 << 32;
        const char *ps = bpf_lddw_pseudo_name (in->src);
        if (ps)
          put (b, "\t%%r%d,%s(%d,%d)", in->dst, ps, in->imm, in->imm2);
        else if (target)
          put (b, "\t%%r%d,%s", in->dst, target);
        else
          put (b, "\t%%r%d,0x%llx", in->dst, (unsigned long long) v);
        break;
      }
    case BPF_F_LDABS: put (b, "\t%d", in->imm); break;
    case BPF_F_LDIND: put (b, "\t%%r%d,%d", in->src, in->imm); break;
    case BPF_F_LDX:
      put (b, "\t%%r%d,[%%r%d+%d]", in->dst, in->src, in->off); break;
    case BPF_F_STX: case BPF_F_ATOMIC:
      put (b, "\t[%%r%d+%d],%%r%d", in->dst, in->off, in->src); break;
    case BPF_F_ST:
      put (b, "\t[%%r%d+%d],%d", in->dst, in->off, in->imm); break;
    case BPF_F_JA:
      if (target) put (b, "\t%s", target); else { put (b, "\t"); put_off_gnu (b, in->off); }
      break;
    case BPF_F_JAL:
      if (target) put (b, "\t%s", target); else { put (b, "\t"); put_off_gnu (b, in->imm); }
      break;
    case BPF_F_JR:
      put (b, "\t%%r%d,%%r%d,", in->dst, in->src);
      if (target) put (b, "%s", target); else put_off_gnu (b, in->off);
      break;
    case BPF_F_JI:
      put (b, "\t%%r%d,%d,", in->dst, in->imm);
      if (target) put (b, "%s", target); else put_off_gnu (b, in->off);
      break;
    case BPF_F_CALL:
      if (in->src == BPF_PSEUDO_KFUNC_CALL)
        put (b, "\tkfunc %s", target ? target : "");
      else if (in->src == BPF_PSEUDO_CALL)
        {
          if (target) put (b, "\t%s", target);
          else { put (b, "\t"); put_off_gnu (b, in->imm); }
          break;
        }
      if (in->src == BPF_PSEUDO_KFUNC_CALL && target)
        break;
      if (in->src == BPF_PSEUDO_KFUNC_CALL) put (b, "%d", in->imm);
      else put (b, "\t%d", in->imm);
      break;
    case BPF_F_CALLX: put (b, "\t%%r%d", in->dst); break;
    case BPF_F_CALLXI: put (b, "\tr%d", in->imm); break;  /* "callx rN" */
    case BPF_F_EXIT: break;
    }
}

static void
print_pc (struct pbuf *b, const struct bpf_insn *in, const char *target)
{
  const struct bpf_op *op = in->op;
  char r = (op->flags & BPF_OPF_W32) ? 'w' : 'r';
  switch (op->fmt)
    {
    case BPF_F_ALU_R:
      if (op->flags & BPF_OPF_XBPF)
        goto gnu;
      put (b, "%c%d %s %c%d", r, in->dst, op->pc, r, in->src); break;
    case BPF_F_ALU_I:
      if (op->flags & BPF_OPF_XBPF)
        goto gnu;
      put (b, "%c%d %s %d", r, in->dst, op->pc, in->imm); break;
    case BPF_F_NEG: put (b, "%c%d = -%c%d", r, in->dst, r, in->dst); break;
    case BPF_F_END: put (b, "r%d = %s r%d", in->dst, op->pc, in->dst); break;
    case BPF_F_MOVSX:
      put (b, "%c%d = %s%c%d", r, in->dst, op->pc, r, in->src); break;
    case BPF_F_LDDW:
      {
        uint64_t v = (uint32_t) in->imm | (uint64_t) (uint32_t) in->imm2 << 32;
        const char *ps = bpf_lddw_pseudo_name (in->src);
        if (ps)
          put (b, "r%d = %s(%d, %d) ll", in->dst, ps, in->imm, in->imm2);
        else if (target)
          put (b, "r%d = %s ll", in->dst, target);
        else
          put (b, "r%d = %lld ll", in->dst, (long long) v);
        break;
      }
    case BPF_F_LDABS: put (b, "r0 = *(%s *)skb[%d]", op->pc, in->imm); break;
    case BPF_F_LDIND:
      put (b, "r0 = *(%s *)skb[r%d + %d]", op->pc, in->src, in->imm); break;
    case BPF_F_LDX:
      put (b, "r%d = *(%s *)", in->dst, op->pc);
      put_mem_pc (b, in->src, in->off);
      break;
    case BPF_F_STX:
      put (b, "*(%s *)", op->pc);
      put_mem_pc (b, in->dst, in->off);
      put (b, " = r%d", in->src);
      break;
    case BPF_F_ST:
      put (b, "*(%s *)", op->pc);
      put_mem_pc (b, in->dst, in->off);
      put (b, " = %d", in->imm);
      break;
    case BPF_F_ATOMIC:
      {
        const char *sz = r == 'w' ? "u32" : "u64";
        int imm = op->imm;
        if (imm == BPF_XCHG || imm == BPF_CMPXCHG)
          {
            const char *fn = imm == BPF_XCHG ? (r == 'w' ? "xchg32_32" : "xchg_64")
                                             : (r == 'w' ? "cmpxchg32_32" : "cmpxchg_64");
            if (imm == BPF_XCHG)
              put (b, "%c%d = %s(r%d %c %d, %c%d)", r, in->src, fn, in->dst,
                   in->off < 0 ? '-' : '+', in->off < 0 ? -in->off : in->off,
                   r, in->src);
            else
              put (b, "%c0 = %s(r%d %c %d, %c0, %c%d)", r, fn, in->dst,
                   in->off < 0 ? '-' : '+', in->off < 0 ? -in->off : in->off,
                   r, r, in->src);
          }
        else if (imm & BPF_FETCH)
          {
            put (b, "%c%d = atomic_fetch_%s((%s *)", r, in->src, op->pc, sz);
            put_mem_pc (b, in->dst, in->off);
            put (b, ", %c%d)", r, in->src);
          }
        else
          {
            const char *o = imm == BPF_ADD ? "+=" : imm == BPF_OR ? "|="
                            : imm == BPF_AND ? "&=" : "^=";
            put (b, "lock *(%s *)", sz);
            put_mem_pc (b, in->dst, in->off);
            put (b, " %s %c%d", o, r, in->src);
          }
        break;
      }
    case BPF_F_JA: case BPF_F_JAL:
      put (b, "%s ", op->pc);
      if (target) put (b, "%s", target);
      else put (b, "%+d", op->fmt == BPF_F_JA ? in->off : in->imm);
      break;
    case BPF_F_JR: case BPF_F_JI:
      if (op->fmt == BPF_F_JR)
        put (b, "if %c%d %s %c%d goto ", r, in->dst, op->pc, r, in->src);
      else
        put (b, "if %c%d %s %d goto ", r, in->dst, op->pc, in->imm);
      if (target) put (b, "%s", target); else put (b, "%+d", in->off);
      break;
    case BPF_F_CALL:
      if (in->src == BPF_PSEUDO_KFUNC_CALL)
        {
          if (target) put (b, "call kfunc %s", target);
          else put (b, "call kfunc %d", in->imm);
        }
      else if (in->src == BPF_PSEUDO_CALL)
        {
          if (target) put (b, "call %s", target);
          else put (b, "call %+d", in->imm);
        }
      else
        put (b, "call %d", in->imm);
      break;
    case BPF_F_CALLX: goto gnu;   /* GCC's form: "call %rN" */
    case BPF_F_CALLXI: put (b, "callx r%d", in->imm); break;
    case BPF_F_EXIT: put (b, "exit"); break;
    }
  return;
gnu:
  print_gnu (b, in, target);
}

int
bpf_insn_print (const struct bpf_insn *insn, enum bpf_syntax syntax,
                const char *target, char *buf, size_t size)
{
  struct pbuf b = { buf, size, 0 };
  if (size)
    buf[0] = 0;
  if (!insn->op)
    {
      put (&b, "<unknown opcode 0x%02x>", insn->code);
      return (int) b.len;
    }
  if (syntax == BPF_SYNTAX_PSEUDOC)
    print_pc (&b, insn, target);
  else
    print_gnu (&b, insn, target);
  return (int) b.len;
}

/* Name lookup for the GNU parser: open hash over the mnemonics.  */
#define NHASH 512
static short hash_first[NHASH];
static short hash_next[sizeof bpf_ops / sizeof bpf_ops[0]];
static int hash_built;

static unsigned
hash_name (const char *s)
{
  unsigned h = 5381;
  while (*s)
    h = h * 33 + (unsigned char) *s++;
  return h % NHASH;
}

const struct bpf_op *
bpf_op_next_gnu (const char *name, size_t *idx)
{
  if (!hash_built)
    {
      for (int i = 0; i < NHASH; i++)
        hash_first[i] = -1;
      for (int i = (int) bpf_nops - 1; i >= 0; i--)
        {
          unsigned h = hash_name (bpf_ops[i].gnu);
          hash_next[i] = hash_first[h];
          hash_first[h] = (short) i;
        }
      hash_built = 1;
    }
  /* *idx encodes the next table position + 1; 0 means start.  */
  if (*idx == (size_t) -1)
    return NULL;
  int i = *idx == 0 ? hash_first[hash_name (name)] : (int) *idx - 1;
  for (; i >= 0; i = hash_next[i])
    if (strcmp (bpf_ops[i].gnu, name) == 0)
      {
        *idx = hash_next[i] < 0 ? (size_t) -1 : (size_t) hash_next[i] + 1;
        return &bpf_ops[i];
      }
  *idx = (size_t) -1;
  return NULL;
}
