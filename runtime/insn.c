/* insn.c - BPF instruction table (the single source of truth), encoder,
   decoder and printer in GNU and pseudo-C syntax.  */
#include "insn.h"

#include <stdio.h>
#include <string.h>

#define FI BPF_OPF_FIXIMM
#define FO BPF_OPF_FIXOFF
#define W32 BPF_OPF_W32

/* ALU: register and immediate forms, 64 and 32 bits.  */
#define ALU2(name, pc, op, fl, o)                                            \
  { name, pc, BPF_ALU64 | BPF_X | (op), BPF_F_ALU_R, (fl), o, 0 },           \
  { name, pc, BPF_ALU64 | BPF_K | (op), BPF_F_ALU_I, (fl), o, 0 },           \
  { name "32", pc, BPF_ALU | BPF_X | (op), BPF_F_ALU_R, (fl) | W32, o, 0 },  \
  { name "32", pc, BPF_ALU | BPF_K | (op), BPF_F_ALU_I, (fl) | W32, o, 0 }
#define ALU(name, pc, op) ALU2(name, pc, op, 0, 0)
/* Jumps: conditional, 64 and 32 bits.  */
#define JC(name, pc, op)                                                      \
  { name, pc, BPF_JMP | BPF_X | (op), BPF_F_JR, 0, 0, 0 },                    \
  { name, pc, BPF_JMP | BPF_K | (op), BPF_F_JI, 0, 0, 0 },                    \
  { name "32", pc, BPF_JMP32 | BPF_X | (op), BPF_F_JR, W32|BPF_OPF_V3, 0, 0 },\
  { name "32", pc, BPF_JMP32 | BPF_K | (op), BPF_F_JI, W32|BPF_OPF_V3, 0, 0 }
#define XB BPF_OPF_XBPF
#define V4 BPF_OPF_V4
#define V3 BPF_OPF_V3
#define AL BPF_OPF_ALIAS
#define ATOM(name, pc, imm, fl)                                               \
  { name, pc, BPF_STX | BPF_DW | BPF_ATOMIC, BPF_F_ATOMIC, FI | (fl), 0, imm }, \
  { name "32", pc, BPF_STX | BPF_W | BPF_ATOMIC, BPF_F_ATOMIC, FI | W32 | (fl), 0, imm }

const struct bpf_op bpf_ops[] = {
  /* Entries with fixed off/imm come before the generic entry of the same
     opcode: the decoder takes the first match.  */
  ALU2("sdiv", "s/=", 0x30, FO | V4, 1),
  ALU2("smod", "s%=", 0x90, FO | V4, 1),
  { "movs", "(s8)", BPF_ALU64 | BPF_X | 0xb0, BPF_F_MOVSX, FO | V4, 8, 0 },
  { "movs", "(s16)", BPF_ALU64 | BPF_X | 0xb0, BPF_F_MOVSX, FO | V4, 16, 0 },
  { "movs", "(s32)", BPF_ALU64 | BPF_X | 0xb0, BPF_F_MOVSX, FO | V4, 32, 0 },
  { "movs32", "(s8)", BPF_ALU | BPF_X | 0xb0, BPF_F_MOVSX, FO | V4 | W32, 8, 0 },
  { "movs32", "(s16)", BPF_ALU | BPF_X | 0xb0, BPF_F_MOVSX, FO | V4 | W32, 16, 0 },
  ALU("add", "+=", 0x00),
  ALU("sub", "-=", 0x10),
  ALU("mul", "*=", 0x20),
  ALU2("div", "/=", 0x30, FO, 0),
  ALU("or", "|=", 0x40),
  ALU("and", "&=", 0x50),
  ALU("lsh", "<<=", 0x60),
  ALU("rsh", ">>=", 0x70),
  ALU2("mod", "%=", 0x90, FO, 0),
  ALU("xor", "^=", 0xa0),
  ALU2("mov", "=", 0xb0, FO, 0),
  ALU("arsh", "s>>=", 0xc0),
  { "neg", "-", BPF_ALU64 | 0x80, BPF_F_NEG, 0, 0, 0 },
  { "neg32", "-", BPF_ALU | 0x80, BPF_F_NEG, W32, 0, 0 },
  { "endle", "le16", BPF_ALU | BPF_K | 0xd0, BPF_F_END, FI, 0, 16 },
  { "endle", "le32", BPF_ALU | BPF_K | 0xd0, BPF_F_END, FI, 0, 32 },
  { "endle", "le64", BPF_ALU | BPF_K | 0xd0, BPF_F_END, FI, 0, 64 },
  { "endbe", "be16", BPF_ALU | BPF_X | 0xd0, BPF_F_END, FI, 0, 16 },
  { "endbe", "be32", BPF_ALU | BPF_X | 0xd0, BPF_F_END, FI, 0, 32 },
  { "endbe", "be64", BPF_ALU | BPF_X | 0xd0, BPF_F_END, FI, 0, 64 },
  { "bswap", "bswap16", BPF_ALU64 | BPF_K | 0xd0, BPF_F_END, FI | V4, 0, 16 },
  { "bswap", "bswap32", BPF_ALU64 | BPF_K | 0xd0, BPF_F_END, FI | V4, 0, 32 },
  { "bswap", "bswap64", BPF_ALU64 | BPF_K | 0xd0, BPF_F_END, FI | V4, 0, 64 },
  /* GCC xBPF: signed division/modulo with their own opcodes.  */
  ALU2("xsdiv", "xs/=", 0xe0, XB, 0),
  ALU2("xsmod", "xs%=", 0xf0, XB, 0),
  /* Loads.  */
  { "lddw", "ll", BPF_LD | BPF_DW | BPF_IMM, BPF_F_LDDW, 0, 0, 0 },
  { "ldabsw", "u32", BPF_LD | BPF_W | BPF_ABS, BPF_F_LDABS, 0, 0, 0 },
  { "ldabsh", "u16", BPF_LD | BPF_H | BPF_ABS, BPF_F_LDABS, 0, 0, 0 },
  { "ldabsb", "u8", BPF_LD | BPF_B | BPF_ABS, BPF_F_LDABS, 0, 0, 0 },
  { "ldabsdw", "u64", BPF_LD | BPF_DW | BPF_ABS, BPF_F_LDABS, 0, 0, 0 },
  { "ldindw", "u32", BPF_LD | BPF_W | BPF_IND, BPF_F_LDIND, 0, 0, 0 },
  { "ldindh", "u16", BPF_LD | BPF_H | BPF_IND, BPF_F_LDIND, 0, 0, 0 },
  { "ldindb", "u8", BPF_LD | BPF_B | BPF_IND, BPF_F_LDIND, 0, 0, 0 },
  { "ldinddw", "u64", BPF_LD | BPF_DW | BPF_IND, BPF_F_LDIND, 0, 0, 0 },
  { "ldxw", "u32", BPF_LDX | BPF_W | BPF_MEM, BPF_F_LDX, 0, 0, 0 },
  { "ldxh", "u16", BPF_LDX | BPF_H | BPF_MEM, BPF_F_LDX, 0, 0, 0 },
  { "ldxb", "u8", BPF_LDX | BPF_B | BPF_MEM, BPF_F_LDX, 0, 0, 0 },
  { "ldxdw", "u64", BPF_LDX | BPF_DW | BPF_MEM, BPF_F_LDX, 0, 0, 0 },
  { "ldxsw", "s32", BPF_LDX | BPF_W | BPF_MEMSX, BPF_F_LDX, V4, 0, 0 },
  { "ldxsh", "s16", BPF_LDX | BPF_H | BPF_MEMSX, BPF_F_LDX, V4, 0, 0 },
  { "ldxsb", "s8", BPF_LDX | BPF_B | BPF_MEMSX, BPF_F_LDX, V4, 0, 0 },
  /* Stores.  */
  { "stxw", "u32", BPF_STX | BPF_W | BPF_MEM, BPF_F_STX, 0, 0, 0 },
  { "stxh", "u16", BPF_STX | BPF_H | BPF_MEM, BPF_F_STX, 0, 0, 0 },
  { "stxb", "u8", BPF_STX | BPF_B | BPF_MEM, BPF_F_STX, 0, 0, 0 },
  { "stxdw", "u64", BPF_STX | BPF_DW | BPF_MEM, BPF_F_STX, 0, 0, 0 },
  { "stw", "u32", BPF_ST | BPF_W | BPF_MEM, BPF_F_ST, 0, 0, 0 },
  { "sth", "u16", BPF_ST | BPF_H | BPF_MEM, BPF_F_ST, 0, 0, 0 },
  { "stb", "u8", BPF_ST | BPF_B | BPF_MEM, BPF_F_ST, 0, 0, 0 },
  { "stdw", "u64", BPF_ST | BPF_DW | BPF_MEM, BPF_F_ST, 0, 0, 0 },
  /* Atomics.  The binutils 2.40 names xadddw/xaddw come first so that
     they are the ones printed.  */
  { "xadddw", "add", BPF_STX | BPF_DW | BPF_ATOMIC, BPF_F_ATOMIC, FI, 0, 0x00 },
  { "xaddw", "add", BPF_STX | BPF_W | BPF_ATOMIC, BPF_F_ATOMIC, FI | W32, 0, 0x00 },
  ATOM("aadd", "add", 0x00, V3 | AL),
  ATOM("aor", "or", 0x40, V3),
  ATOM("aand", "and", 0x50, V3),
  ATOM("axor", "xor", 0xa0, V3),
  ATOM("afadd", "add", 0x01, V3),
  ATOM("afor", "or", 0x41, V3),
  ATOM("afand", "and", 0x51, V3),
  ATOM("afxor", "xor", 0xa1, V3),
  ATOM("axchg", "xchg", 0xe1, V3),
  ATOM("acmp", "cmpxchg", 0xf1, V3),
  /* Jumps.  */
  { "ja", "goto", BPF_JMP | 0x00, BPF_F_JA, 0, 0, 0 },
  { "jal", "gotol", BPF_JMP32 | 0x00, BPF_F_JAL, V4, 0, 0 },
  { "gotol", "gotol", BPF_JMP32 | 0x00, BPF_F_JAL, V4 | AL, 0, 0 },
  JC("jeq", "==", 0x10),
  JC("jgt", ">", 0x20),
  JC("jge", ">=", 0x30),
  JC("jset", "&", 0x40),
  JC("jne", "!=", 0x50),
  JC("jsgt", "s>", 0x60),
  JC("jsge", "s>=", 0x70),
  JC("jlt", "<", 0xa0),
  JC("jle", "<=", 0xb0),
  JC("jslt", "s<", 0xc0),
  JC("jsle", "s<=", 0xd0),
  { "call", "call", BPF_JMP | BPF_K | 0x80, BPF_F_CALL, 0, 0, 0 },
  { "call", "callx", BPF_JMP | BPF_X | 0x80, BPF_F_CALLX, XB | FI, 0, 0 },
  { "callx", "callx", BPF_JMP | BPF_X | 0x80, BPF_F_CALLXI, 0, 0, 0 },
  { "exit", "exit", BPF_JMP | 0x90, BPF_F_EXIT, 0, 0, 0 },
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
  switch (code & 0x18)
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
      src = in->src <= 6;
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
    case BPF_F_CALL: imm = 1; src = in->src <= 2; break;
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
  NULL, "map_fd", "map_value", "btf_id", "func", "map_idx", "map_idx_value"
};

const char *
bpf_lddw_pseudo_name (int src)
{
  return (src > 0 && src <= 6) ? lddw_pseudo[src] : NULL;
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
      if (in->src == 2)
        put (b, "\tkfunc %s", target ? target : "");
      else if (in->src == 1)
        {
          if (target) put (b, "\t%s", target);
          else { put (b, "\t"); put_off_gnu (b, in->imm); }
          break;
        }
      if (in->src == 2 && target)
        break;
      if (in->src == 2) put (b, "%d", in->imm);
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
        if (imm == 0xe1 || imm == 0xf1)
          {
            const char *fn = imm == 0xe1 ? (r == 'w' ? "xchg32_32" : "xchg_64")
                                         : (r == 'w' ? "cmpxchg32_32" : "cmpxchg_64");
            if (imm == 0xe1)
              put (b, "%c%d = %s(r%d %c %d, %c%d)", r, in->src, fn, in->dst,
                   in->off < 0 ? '-' : '+', in->off < 0 ? -in->off : in->off,
                   r, in->src);
            else
              put (b, "%c0 = %s(r%d %c %d, %c0, %c%d)", r, fn, in->dst,
                   in->off < 0 ? '-' : '+', in->off < 0 ? -in->off : in->off,
                   r, r, in->src);
          }
        else if (imm & 1)
          {
            put (b, "%c%d = atomic_fetch_%s((%s *)", r, in->src, op->pc, sz);
            put_mem_pc (b, in->dst, in->off);
            put (b, ", %c%d)", r, in->src);
          }
        else
          {
            const char *o = imm == 0 ? "+=" : imm == 0x40 ? "|="
                            : imm == 0x50 ? "&=" : "^=";
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
      if (in->src == 2)
        {
          if (target) put (b, "call kfunc %s", target);
          else put (b, "call kfunc %d", in->imm);
        }
      else if (in->src == 1)
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
