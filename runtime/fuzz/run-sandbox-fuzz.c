/* run-sandbox-fuzz.c - libFuzzer target for bpf-run's memory sandbox.

   The input is the same as run-insn-fuzz's (a type byte, then raw
   instructions, with maps to reference), but a custom mutator changes
   programs the way sandbox escapes are made: constants near 2^32 and
   2^64, pointer offsets around region and stack bounds, lddw immediates
   that look like addresses (k << 32, near 2^32 and 2^64), map and map
   value references, and inserted pointer arithmetic, loads, stores and
   atomics through any register; map updates, deletes and tail calls
   with stored keys and values (prog arrays included), for_each walks
   whose callbacks change the map walked, and printing or copying
   helpers with sizes and format widths from the table.  Byte-level mutation (libFuzzer's own)
   finds none of these: a random 32-bit immediate is almost never
   0xfffffff8.  Any host access outside a region is an ASan report; any
   undefined arithmetic in the simulator a UBSan abort.  */
#include "fuzz/run-fuzz-common.h"

#include <stddef.h>

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Immediates that cross 32-bit and 64-bit boundaries when added to a
   pointer (offset + imm) or used as sizes.  */
static const int32_t imm32s[] = {
  0, 1, -1, 4, -4, 8, -8, 16, 64, 255, 256, 511, 512, 513, -512, -513, 4095, 4096, 65535, 65536,
  0x7fffffff, (int32_t)0x80000000, (int32_t)0xfffffff8, (int32_t)0xfffffffc, (int32_t)0xffff0000,
  0x10000000, 0x3fffffff, 1 << 28, (1 << 28) + 1, 0x0fffffff,
};
static const int16_t offs[] = {
  0, 1, -1, 4, -4, 8, -8, 16, -16, 511, 512, -511, -512, -513, -520, 0x7fff, -0x8000, 0x7ff8, -0x7ff8,
  -3000, 64, 76, 80, 140, 184, 188,
};
static const uint64_t imm64s[] = {
  0x100000000ull, 0xfffffffful, 0x100000008ull, 0xfffffff8ull, 0x200000000ull, 0x300000000ull,
  0xffffffff00000000ull, 0xfffffffffffffff8ull, 0xffffffffffffffffull, 0x8000000000000000ull,
  0x7fffffffffffffffull, 0xfffffff000000000ull, 0xfffffff100000000ull, 0x100000000000ull, 4096, 0,
};

static uint64_t rnd(unsigned int *s)
{
  *s = *s * 1103515245u + 12345u;
  uint64_t a = *s >> 8;
  *s = *s * 1103515245u + 12345u;
  return a << 24 ^ (*s >> 8);
}

static void put_insn(uint8_t *p, uint8_t code, int dst, int src, int16_t off, int32_t imm)
{
  p[0] = code;
  p[1] = (uint8_t)((src & 15) << 4 | (dst & 15));
  memcpy(p + 2, &off, 2);
  memcpy(p + 4, &imm, 4);
}

/* Insert an instruction of 8 (or 16, lddw) bytes at instruction I.  */
static size_t insert(uint8_t *code, size_t n, size_t max, size_t i, const uint8_t *ins, size_t len)
{
  if ((n + len) * 8 > max * 8 || n + len > max)
    return n;
  memmove(code + (i + len) * 8, code + i * 8, (n - i) * 8);
  memcpy(code + i * 8, ins, len * 8);
  return n + len;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
  unsigned int s = seed;
  if (size < 9 || max_size < 17 || rnd(&s) % 8 == 0)
    return LLVMFuzzerMutate(data, size, max_size);
  uint8_t *code = data + 1;
  size_t n = (size - 1) / 8, maxn = (max_size - 1) / 8;
  int rounds = 1 + rnd(&s) % 3;
  for (int r = 0; r < rounds && n; r++)
    {
      size_t i = rnd(&s) % n;
      uint8_t *p = code + i * 8;
      uint8_t cls = p[0] & 7;
      int reg = rnd(&s) % 11, reg2 = rnd(&s) % 11;
      switch (rnd(&s) % 12)
        {
        case 0:   /* an immediate across a boundary */
          {
            int32_t v = imm32s[rnd(&s) % (sizeof imm32s / sizeof *imm32s)];
            if (rnd(&s) % 4 == 0)
              v = (int32_t)((uint32_t)v + (uint32_t)(rnd(&s) % 17) - 8u);
            memcpy(p + 4, &v, 4);
          }
          break;
        case 1:   /* a pointer offset around a bound */
          {
            int16_t v = offs[rnd(&s) % (sizeof offs / sizeof *offs)];
            memcpy(p + 2, &v, 2);
          }
          break;
        case 2:   /* lddw with an address-like immediate */
          if (i + 1 < n)
            {
              uint64_t v = imm64s[rnd(&s) % (sizeof imm64s / sizeof *imm64s)];
              if (rnd(&s) % 2)
                v += (rnd(&s) % 4096) - 2048;
              if (rnd(&s) % 4 == 0)
                v = (uint64_t)(rnd(&s) % 64) << 32 | (rnd(&s) % 1024);
              put_insn(p, (BPF_LD | BPF_DW | BPF_IMM), reg % 10, 0, 0, (int32_t)(uint32_t)v);
              put_insn(p + 8, 0, 0, 0, 0, (int32_t)(uint32_t)(v >> 32));
            }
          break;
        case 3:   /* a map (1) or map value (2) reference, offset near bounds */
          if (i + 1 < n)
            {
              int kind = 1 + rnd(&s) % 2;
              int32_t hi = kind == 2 ? imm32s[rnd(&s) % (sizeof imm32s / sizeof *imm32s)] : 0;
              put_insn(p, (BPF_LD | BPF_DW | BPF_IMM), reg % 10, kind, 0, rnd(&s) % 3);
              put_insn(p + 8, 0, 0, 0, 0, hi);
            }
          break;
        case 4:   /* insert pointer arithmetic: rX += rY / rX += imm / rX -= imm */
          {
            uint8_t ins[8];
            static const uint8_t ops[] = {
              BPF_ALU64 | BPF_X | BPF_ADD, BPF_ALU64 | BPF_K | BPF_ADD, BPF_ALU64 | BPF_K | BPF_SUB,
              BPF_ALU64 | BPF_X | BPF_SUB, BPF_ALU | BPF_K | BPF_ADD, BPF_ALU64 | BPF_X | BPF_MOV,
              BPF_ALU64 | BPF_K | BPF_LSH, BPF_ALU64 | BPF_K | BPF_RSH, BPF_ALU64 | BPF_K | BPF_ARSH };
            uint8_t op = ops[rnd(&s) % sizeof ops];
            put_insn(ins, op, reg % 10, reg2, 0, imm32s[rnd(&s) % (sizeof imm32s / sizeof *imm32s)]);
            n = insert(code, n, maxn, i, ins, 1);
          }
          break;
        case 5:   /* insert a load or store through any register */
          {
            uint8_t ins[8];
            static const uint8_t ops[] = {
              BPF_LDX | BPF_W | BPF_MEM, BPF_LDX | BPF_H | BPF_MEM, BPF_LDX | BPF_B | BPF_MEM,
              BPF_LDX | BPF_DW | BPF_MEM, BPF_ST | BPF_W | BPF_MEM, BPF_ST | BPF_H | BPF_MEM,
              BPF_ST | BPF_B | BPF_MEM, BPF_ST | BPF_DW | BPF_MEM, BPF_STX | BPF_W | BPF_MEM,
              BPF_STX | BPF_H | BPF_MEM, BPF_STX | BPF_B | BPF_MEM, BPF_STX | BPF_DW | BPF_MEM,
              BPF_STX | BPF_DW | BPF_ATOMIC, BPF_STX | BPF_W | BPF_ATOMIC,
              BPF_LDX | BPF_W | BPF_MEMSX, BPF_LDX | BPF_H | BPF_MEMSX, BPF_LDX | BPF_B | BPF_MEMSX };
            uint8_t op = ops[rnd(&s) % sizeof ops];
            int32_t imm = BPF_MODE(op) == BPF_ATOMIC ? (int32_t)(rnd(&s) % 2 ? BPF_ADD | BPF_FETCH : BPF_XCHG)
                                                   : imm32s[rnd(&s) % (sizeof imm32s / sizeof *imm32s)];
            put_insn(ins, op, reg, reg2, offs[rnd(&s) % (sizeof offs / sizeof *offs)], imm);
            n = insert(code, n, maxn, i, ins, 1);
          }
          break;
        case 6:   /* a helper call with pointer/size arguments already set up */
          {
            uint8_t ins[8];
            static const int32_t helpers[] = { 1, 2, 3, 4, 6, 9, 10, 11, 12, 16, 25, 26, 28, 44, 45, 51,
                                               54, 65, 112, 113, 130, 131, 132, 133, 165, 177, 181, 182 };
            put_insn(ins, BPF_JMP | BPF_CALL, 0, 0, 0, helpers[rnd(&s) % (sizeof helpers / sizeof *helpers)]);
            n = insert(code, n, maxn, i, ins, 1);
          }
          break;
        case 7:   /* registers of an existing instruction */
          if (cls != 0 || p[0] != (BPF_LD | BPF_DW | BPF_IMM))
            p[1] = (uint8_t)(reg2 << 4 | reg);
          break;
        case 9:   /* a map update, delete or tail call with a stored key/value
                     (prog array indexes such as 43 and 64, the LRU map full) */
          {
            static const int mapi[] = { 1, 4, 5 };
            static const int32_t helpers[] = { 2, 3, 12 };
            uint8_t ins[11 * 8];
            int32_t key = rnd(&s) % 2 ? (int32_t)(rnd(&s) % 8) : imm32s[rnd(&s) % (sizeof imm32s / sizeof *imm32s)];
            int32_t val = rnd(&s) % 2 ? (rnd(&s) % 2 ? 43 : 64) : imm32s[rnd(&s) % (sizeof imm32s / sizeof *imm32s)];
            int32_t h = helpers[rnd(&s) % 3];
            put_insn(ins, BPF_ST | BPF_W | BPF_MEM, 10, 0, -8, key);                  /* *(u32 *)(r10 - 8) = key */
            put_insn(ins + 8, BPF_ST | BPF_DW | BPF_MEM, 10, 0, -16, val);             /* *(u64 *)(r10 - 16) = val */
            put_insn(ins + 16, (BPF_LD | BPF_DW | BPF_IMM), 1, 1, 0, mapi[rnd(&s) % 3]); /* r1 = map */
            put_insn(ins + 24, 0, 0, 0, 0, 0);
            put_insn(ins + 32, BPF_ALU64 | BPF_X | BPF_MOV, 2, 10, 0, 0);                /* r2 = r10 - 8 */
            put_insn(ins + 40, BPF_ALU64 | BPF_K | BPF_ADD, 2, 0, 0, -8);
            put_insn(ins + 48, BPF_ALU64 | BPF_X | BPF_MOV, 3, 10, 0, 0);                /* r3 = r10 - 16 */
            put_insn(ins + 56, BPF_ALU64 | BPF_K | BPF_ADD, 3, 0, 0, -16);
            put_insn(ins + 64, BPF_ALU64 | BPF_K | BPF_MOV, 4, 0, 0, rnd(&s) % 3);       /* r4 = flags */
            if (h == 12)
              {
                put_insn(ins + 32, BPF_ALU64 | BPF_X | BPF_MOV, 2, 1, 0, 0);             /* tail call: r2 = map, r3 = key */
                put_insn(ins + 40, BPF_ALU64 | BPF_X | BPF_MOV, 1, 6, 0, 0);
                put_insn(ins + 48, BPF_ALU64 | BPF_K | BPF_MOV, 3, 0, 0, rnd(&s) % 2 ? val : key);
                put_insn(ins + 56, BPF_ALU64 | BPF_K | BPF_MOV, 0, 0, 0, 0);
              }
            put_insn(ins + 72, BPF_JMP | BPF_CALL, 0, 0, 0, h);
            n = insert(code, n, maxn, i, ins, 10);
          }
          break;
        case 10:  /* bpf_for_each_map_elem over the hash or LRU map with a
                     callback anywhere in the code (often the update and
                     delete sequences above: callbacks changing the map) */
          {
            uint8_t ins[7 * 8];
            put_insn(ins, (BPF_LD | BPF_DW | BPF_IMM), 1, 1, 0, rnd(&s) % 2 ? 1 : 5);   /* r1 = map */
            put_insn(ins + 8, 0, 0, 0, 0, 0);
            put_insn(ins + 16, (BPF_LD | BPF_DW | BPF_IMM), 2, 4, 0, (int32_t)(rnd(&s) % (n + 8)));  /* r2 = callback */
            put_insn(ins + 24, 0, 0, 0, 0, 0);
            put_insn(ins + 32, BPF_ALU64 | BPF_K | BPF_MOV, 3, 0, 0, 0);
            put_insn(ins + 40, BPF_ALU64 | BPF_K | BPF_MOV, 4, 0, 0, 0);
            put_insn(ins + 48, BPF_JMP | BPF_CALL, 0, 0, 0, 164);
            n = insert(code, n, maxn, i, ins, 7);
          }
          break;
        case 11:  /* a printing or copying helper with a size from the table
                     and the .rodata format of huge widths */
          {
            static const int32_t helpers[] = { 6, 113, 112, 115, 165, 177, 130 };
            uint8_t ins[7 * 8];
            int32_t h = helpers[rnd(&s) % (sizeof helpers / sizeof *helpers)];
            int32_t size = rnd(&s) % 2 ? (int32_t)(rnd(&s) % 600) : imm32s[rnd(&s) % (sizeof imm32s / sizeof *imm32s)];
            put_insn(ins, BPF_ALU64 | BPF_X | BPF_MOV, 1, 10, 0, 0);                     /* r1 = r10 - 256 */
            put_insn(ins + 8, BPF_ALU64 | BPF_K | BPF_ADD, 1, 0, 0, -256);
            put_insn(ins + 16, BPF_ALU64 | BPF_K | BPF_MOV, 2, 0, 0, size);
            put_insn(ins + 24, (BPF_LD | BPF_DW | BPF_IMM), 3, 2, 0, 2);                 /* r3 = &.rodata (formats) */
            put_insn(ins + 32, 0, 0, 0, 0, (int32_t)(rnd(&s) % 40));
            if (h == 6)
              {
                put_insn(ins, (BPF_LD | BPF_DW | BPF_IMM), 1, 2, 0, 2);                  /* printk: r1 = format, r2 = size */
                put_insn(ins + 8, 0, 0, 0, 0, (int32_t)(rnd(&s) % 40));
                put_insn(ins + 24, BPF_ALU64 | BPF_K | BPF_MOV, 3, 0, 0, size);
                put_insn(ins + 32, BPF_ALU64 | BPF_K | BPF_MOV, 4, 0, 0, -5);
              }
            put_insn(ins + 40, BPF_ALU64 | BPF_K | BPF_MOV, 5, 0, 0, 8 * (rnd(&s) % 4));
            put_insn(ins + 48, BPF_JMP | BPF_CALL, 0, 0, 0, h);
            n = insert(code, n, maxn, i, ins, 7);
          }
          break;
        default:  /* the size or mode bits of a memory access */
          if (cls == 1 || cls == 2 || cls == 3)
            p[0] = (uint8_t)(BPF_CLASS(p[0]) | BPF_MODE(p[0]) | (rnd(&s) % 4) << 3);
          break;
        }
    }
  return 1 + n * 8;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size < 9 || size > 65536)
    return 0;
  static const uint32_t types[4] = { BPF_PROG_TYPE_XDP, BPF_PROG_TYPE_SCHED_CLS,
                                     BPF_PROG_TYPE_SYSCALL, BPF_PROG_TYPE_SOCKET_FILTER };
  struct elo_object o;
  memset(&o, 0, sizeof o);
  snprintf(o.name, sizeof o.name, "fuzz");
  o.xbpf = data[0] >> 7;
  o.kconfig_map = -1;
  o.ncode = (size - 1) / 8;
  o.code = calloc(o.ncode + 1, sizeof *o.code);
  memcpy(o.code, data + 1, o.ncode * 8);
  struct elo_prog prog;
  memset(&prog, 0, sizeof prog);
  snprintf(prog.name, sizeof prog.name, "f");
  prog.type = types[data[0] & 3];
  prog.end = o.ncode;
  o.progs = &prog;
  o.nprogs = 1;
  /* an array, a hash, read-only data and a per-CPU array: values of
     several sizes next to each other in the region table */
  struct elo_map maps[6];
  memset(maps, 0, sizeof maps);
  snprintf(maps[0].name, sizeof maps[0].name, "a");
  maps[0].type = BPF_MAP_TYPE_ARRAY; maps[0].key_size = 4; maps[0].value_size = 8; maps[0].max_entries = 4;
  snprintf(maps[1].name, sizeof maps[1].name, "h");
  maps[1].type = BPF_MAP_TYPE_HASH; maps[1].key_size = 4; maps[1].value_size = 16; maps[1].max_entries = 8;
  snprintf(maps[2].name, sizeof maps[2].name, ".rodata");
  maps[2].type = BPF_MAP_TYPE_ARRAY; maps[2].key_size = 4; maps[2].value_size = 32; maps[2].max_entries = 1;
  maps[2].internal = 1;
  maps[2].readonly = 1;
  snprintf(maps[3].name, sizeof maps[3].name, "pc");
  maps[3].type = BPF_MAP_TYPE_PERCPU_ARRAY; maps[3].key_size = 4; maps[3].value_size = 12;
  maps[3].max_entries = 70000;   /* one region per CPU with element checks */
  /* formats with widths past the kernel's clamp, for printk/snprintf */
  static uint8_t fmts[64] = "%999999999d%-300d\0%0300x%s\0%+8388608u";
  maps[2].value_size = sizeof fmts;
  maps[2].init = fmts;
  /* a prog array holding the program (updates from the program must be
     refused; tail calls checked) and a full-able LRU hash */
  static char *jt_init[1] = { "f" };
  snprintf(maps[4].name, sizeof maps[4].name, "jt");
  maps[4].type = BPF_MAP_TYPE_PROG_ARRAY; maps[4].key_size = 4; maps[4].value_size = 4; maps[4].max_entries = 4;
  maps[4].init_names = jt_init;
  maps[4].ninit = 1;
  snprintf(maps[5].name, sizeof maps[5].name, "lru");
  maps[5].type = BPF_MAP_TYPE_LRU_HASH; maps[5].key_size = 4; maps[5].value_size = 8; maps[5].max_entries = 2;
  for (int i = 0; i < 6; i++)
    maps[i].inner = -1;
  o.maps = maps;
  o.nmaps = 6;
  fuzz_run_object(&o);
  free(o.code);
  return 0;
}
