/* interp.c - decode BPF instructions once, then run them with a threaded
   interpreter (computed goto, one label per operation).  The semantics are
   the kernel's: division by zero gives 0, modulo by zero leaves the
   dividend, 32-bit operations zero-extend, shift counts are masked.  */
#include "sim/sim.h"
#include "insn.h"   /* shared decoder and printer (read-only use) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/ops.h"

enum xop {
#define E(n) OP_##n,
  OPS(E)
#undef E
  OP__COUNT
};

static const char *const op_names[] = {
#define N(n) #n,
  OPS(N)
#undef N
};

static int alu_op(uint8_t code, int is64, int xbpf, int16_t off, uint16_t *op)
{
  int x = (code & 0x08) != 0;
  uint16_t base;
  switch (code & 0xf0)
    {
    case 0x00: base = is64 ? OP_ADD64_K : OP_ADD32_K; break;
    case 0x10: base = is64 ? OP_SUB64_K : OP_SUB32_K; break;
    case 0x20: base = is64 ? OP_MUL64_K : OP_MUL32_K; break;
    case 0x30:
      if (off == 1) base = is64 ? OP_SDIV64_K : OP_SDIV32_K;
      else if (off == 0) base = is64 ? OP_DIV64_K : OP_DIV32_K;
      else return -1;
      break;
    case 0x40: base = is64 ? OP_OR64_K : OP_OR32_K; break;
    case 0x50: base = is64 ? OP_AND64_K : OP_AND32_K; break;
    case 0x60: base = is64 ? OP_LSH64_K : OP_LSH32_K; break;
    case 0x70: base = is64 ? OP_RSH64_K : OP_RSH32_K; break;
    case 0x80: *op = is64 ? OP_NEG64 : OP_NEG32; return 0;
    case 0x90:
      if (off == 1) base = is64 ? OP_SMOD64_K : OP_SMOD32_K;
      else if (off == 0) base = is64 ? OP_MOD64_K : OP_MOD32_K;
      else return -1;
      break;
    case 0xa0: base = is64 ? OP_XOR64_K : OP_XOR32_K; break;
    case 0xb0:
      if (off == 0) base = is64 ? OP_MOV64_K : OP_MOV32_K;
      else if (x && is64 && (off == 8 || off == 16 || off == 32))
        { *op = off == 8 ? OP_MOVSX64_8 : off == 16 ? OP_MOVSX64_16 : OP_MOVSX64_32; return 0; }
      else if (x && !is64 && (off == 8 || off == 16))
        { *op = off == 8 ? OP_MOVSX32_8 : OP_MOVSX32_16; return 0; }
      else return -1;
      break;
    case 0xc0: base = is64 ? OP_ARSH64_K : OP_ARSH32_K; break;
    case 0xe0:   /* xBPF sdiv */
      if (!xbpf) return -1;
      base = is64 ? OP_SDIV64_K : OP_SDIV32_K; break;
    case 0xf0:   /* xBPF smod */
      if (!xbpf) return -1;
      base = is64 ? OP_SMOD64_K : OP_SMOD32_K; break;
    default:
      return -1;
    }
  *op = base + x;
  return 0;
}

static int jmp_op(uint8_t code, int is32, uint16_t *op)
{
  int x = (code & 0x08) != 0;
  uint16_t base;
  switch (code & 0xf0)
    {
    case 0x10: base = is32 ? OP_J32EQ_K : OP_JEQ_K; break;
    case 0x20: base = is32 ? OP_J32GT_K : OP_JGT_K; break;
    case 0x30: base = is32 ? OP_J32GE_K : OP_JGE_K; break;
    case 0x40: base = is32 ? OP_J32SET_K : OP_JSET_K; break;
    case 0x50: base = is32 ? OP_J32NE_K : OP_JNE_K; break;
    case 0x60: base = is32 ? OP_J32SGT_K : OP_JSGT_K; break;
    case 0x70: base = is32 ? OP_J32SGE_K : OP_JSGE_K; break;
    case 0xa0: base = is32 ? OP_J32LT_K : OP_JLT_K; break;
    case 0xb0: base = is32 ? OP_J32LE_K : OP_JLE_K; break;
    case 0xc0: base = is32 ? OP_J32SLT_K : OP_JSLT_K; break;
    case 0xd0: base = is32 ? OP_J32SLE_K : OP_JSLE_K; break;
    default: return -1;
    }
  *op = base + x;
  return 0;
}

int vm_decode(struct vm *vm, char *err, size_t errlen)
{
  struct elo_object *o = vm->obj;
  uint32_t n = o->ncode;
  vm->code = calloc(n + 2, sizeof *vm->code);
  if (!vm->code)
    {
      snprintf(err, errlen, "out of memory");
      return -1;
    }
  vm->ncode = n;
  int xbpf = vm->opt.xbpf || o->xbpf;
  for (uint32_t pc = 0; pc < n; pc++)
    {
      const struct elo_insn *in = &o->code[pc];
      struct xi *x = &vm->code[pc];
      uint8_t c = in->code, cls = c & 7;
      x->dst = ELO_DST(in);
      x->src = ELO_SRC(in);
      x->imm = in->imm;
      x->aux = in->off;
      x->op = OP_INVALID;
      /* The tag cache starts as (tag 0, region 0), a pair the decoding
         gives: ((0 ^ k) - k) * m' = 0.  */
      x->tag_cache = 0;
      /* register numbers are checked here once: handlers index R[] */
      if (c == 0x18 ? x->dst >= 10 : c == 0x85 ? 0 : (x->dst > 10 || x->src > 10))
        continue;
      uint16_t op;
      switch (cls)
        {
        case 0x07: case 0x04:  /* ALU64, ALU */
          if ((c & 0xf0) == 0xd0)
            {
              int bits = in->imm;
              if (bits != 16 && bits != 32 && bits != 64)
                break;
              if (cls == 0x07)
                {
                  if (c & 0x08)  /* no such */
                    break;
                  x->op = bits == 16 ? OP_BE16 : bits == 32 ? OP_BE32 : OP_BE64;  /* bswap */
                }
              else if (c & 0x08)
                x->op = bits == 16 ? OP_BE16 : bits == 32 ? OP_BE32 : OP_BE64;
              else
                x->op = bits == 16 ? OP_LE16 : bits == 32 ? OP_LE32 : OP_LE64;
              if (x->dst == 10)
                x->op = OP_INVALID;  /* r10 is read-only */
              break;
            }
          if (alu_op(c, cls == 0x07, xbpf, in->off, &op) == 0)
            x->op = op;
          if (x->dst == 10 && x->op != OP_INVALID)
            x->op = OP_INVALID;  /* r10 is read-only */
          break;
        case 0x05: case 0x06:  /* JMP, JMP32 */
          if (c == 0x05 || c == 0x06)
            {
              int64_t t = c == 0x06 ? (int64_t)pc + in->imm + 1 : (int64_t)pc + in->off + 1;
              x->op = OP_JA;
              x->aux = t;
              if (t < 0 || t > n)
                x->op = OP_BADJUMP;
              break;
            }
          if (c == 0x85)
            {
              if (x->src == ELO_CALL_HELPER)
                x->op = OP_CALL_HELPER;
              else if (x->src == ELO_CALL_LOCAL)
                {
                  x->op = OP_CALL_LOCAL;
                  x->aux = in->imm;
                  if (in->imm < 0 || (uint32_t)in->imm >= n)
                    x->op = OP_BADJUMP;
                }
              else if (x->src == ELO_CALL_KFUNC)
                x->op = OP_CALL_KFUNC;
              break;
            }
          if (c == 0x8d)
            {
              if (!xbpf && !vm->opt.xbpf)
                {
                  /* cpu v4 callx is not in the kernel; accept it anyway */
                }
              x->op = OP_CALLX;
              x->aux = x->dst ? x->dst : (in->imm >= 0 && in->imm <= 9 ? in->imm : 0);
              break;
            }
          if (c == 0x95)
            {
              x->op = OP_EXIT;
              break;
            }
          if (jmp_op(c, cls == 0x06, &op) == 0)
            {
              int64_t t = (int64_t)pc + in->off + 1;
              x->op = op;
              x->aux = t;
              if (t < 0 || t > n)
                x->op = OP_BADJUMP;
            }
          break;
        case 0x00:  /* LD */
          if (c == 0x18)
            {
              if (pc + 1 >= n || o->code[pc + 1].code != 0)
                break;
              uint64_t lo = (uint32_t)in->imm, hi = (uint32_t)o->code[pc + 1].imm;
              if (x->src == 0)
                {
                  x->op = OP_LDDW;
                  x->aux = (int64_t)(lo | hi << 32);
                }
              else if (x->src == ELO_LD_MAP || x->src == ELO_LD_MAP_VALUE)
                {
                  if (in->imm < 0 || (uint32_t)in->imm >= vm->nmaps)
                    break;
                  struct smap *m = &vm->maps[in->imm];
                  x->op = OP_LDDW_MAP;
                  if (x->src == ELO_LD_MAP)
                    x->aux = (int64_t)vm_addr(vm, SIM_MAP_REGION, in->imm);  /* map handle */
                  else
                    {
                      if (!m->regs || (uint32_t)o->code[pc + 1].imm >= m->vs + 1u)
                        {
                          if (!m->regs)
                            break;
                        }
                      x->aux = (int64_t)(vm_addr(vm, m->regs[0], 0) + (uint32_t)o->code[pc + 1].imm);
                    }
                }
              else if (x->src == ELO_LD_FUNC)
                {
                  x->op = OP_LDDW_FUNC;
                  x->aux = (int64_t)vm_addr(vm, SIM_CODE_REGION, in->imm);
                }
              if (x->op != OP_INVALID)
                {
                  pc++;
                  vm->code[pc].op = OP_LDDW_MID;
                }
              break;
            }
          {
            static const uint16_t abs_ops[] = { OP_LDABS_W, OP_LDABS_H, OP_LDABS_B };
            static const uint16_t ind_ops[] = { OP_LDIND_W, OP_LDIND_H, OP_LDIND_B };
            int sz = (c >> 3) & 3;
            if (sz == 3)
              break;
            if ((c & 0xe0) == 0x20)
              x->op = abs_ops[sz];
            else if ((c & 0xe0) == 0x40)
              x->op = ind_ops[sz];
          }
          break;
        case 0x01:  /* LDX */
          {
            int sz = (c >> 3) & 3;
            static const uint16_t ldx[] = { OP_LDX_W, OP_LDX_H, OP_LDX_B, OP_LDX_DW };
            static const uint16_t ldsx[] = { OP_LDSX_W, OP_LDSX_H, OP_LDSX_B, OP_INVALID };
            if ((c & 0xe0) == 0x60)
              x->op = ldx[sz];
            else if ((c & 0xe0) == 0x80)
              x->op = ldsx[sz];
            if (x->dst == 10)
              x->op = OP_INVALID;
          }
          break;
        case 0x02: case 0x03:  /* ST, STX */
          {
            int sz = (c >> 3) & 3;
            static const uint16_t st[] = { OP_ST_W, OP_ST_H, OP_ST_B, OP_ST_DW };
            static const uint16_t stx[] = { OP_STX_W, OP_STX_H, OP_STX_B, OP_STX_DW };
            if ((c & 0xe0) == 0x60)
              x->op = cls == 0x02 ? st[sz] : stx[sz];
            else if ((c & 0xe0) == 0xc0 && cls == 0x03 && (sz == 0 || sz == 3))
              {
                int dw = sz == 3;
                switch (in->imm)
                  {
                  case 0x00: x->op = dw ? OP_AADD_DW : OP_AADD_W; break;
                  case 0x40: x->op = dw ? OP_AOR_DW : OP_AOR_W; break;
                  case 0x50: x->op = dw ? OP_AAND_DW : OP_AAND_W; break;
                  case 0xa0: x->op = dw ? OP_AXOR_DW : OP_AXOR_W; break;
                  case 0x01: x->op = dw ? OP_AFADD_DW : OP_AFADD_W; break;
                  case 0x41: x->op = dw ? OP_AFOR_DW : OP_AFOR_W; break;
                  case 0x51: x->op = dw ? OP_AFAND_DW : OP_AFAND_W; break;
                  case 0xa1: x->op = dw ? OP_AFXOR_DW : OP_AFXOR_W; break;
                  case 0xe1: x->op = dw ? OP_AXCHG_DW : OP_AXCHG_W; break;
                  case 0xf1: x->op = dw ? OP_ACMPXCHG_DW : OP_ACMPXCHG_W; break;
                  }
                /* fetch forms and xchg write the source register */
                if ((in->imm & 1) && x->src == 10)
                  x->op = OP_INVALID;
              }
          }
          break;
        }
    }
  vm->code[n].op = OP_FALLOFF;
  vm->code[n + 1].op = OP_FALLOFF;
  /* jump and call targets become pointers (no index arithmetic at run time) */
  for (uint32_t pc = 0; pc < n; pc++)
    {
      struct xi *x = &vm->code[pc];
      if ((x->op >= OP_JA && x->op <= OP_J32SET_X) || x->op == OP_CALL_LOCAL)
        x->aux = (int64_t)(intptr_t)&vm->code[x->aux];
    }
  return 0;
}

const char *vm_op_name(uint16_t op);
const char *vm_op_name(uint16_t op)
{
  return op < OP__COUNT ? op_names[op] : "?";
}

/* ---- the interpreter ---- */


/* The region of ADDR from its tag (vm_addr_region with the key in
   registers), then the bounds; NULL sends the access to the slow path,
   which explains the fault.  */
static inline uint8_t *fast_mem(const struct region *rg, uint32_t nrg, uint32_t tk, uint32_t tminv,
                                struct xi *ip, uint64_t addr, uint32_t size, uint32_t deny)
{
  /* The tag's region index: the instruction's cache holds a pair the
     decoding computed, so it is right whenever the tag matches (an
     instruction mostly reaches one region: the stack, a map value).  */
  uint32_t hi = (uint32_t)(addr >> 32), off = (uint32_t)addr, ri;
  uint64_t c = ip->tag_cache;
  if (__builtin_expect((uint32_t)c == hi, 1))
    ri = (uint32_t)(c >> 32);
  else
    {
      ri = ((hi ^ tk) - tk) * tminv;
      ip->tag_cache = (uint64_t)ri << 32 | hi;
    }
  if (__builtin_expect(ri < nrg, 1))
    {
      const struct region *g = &rg[ri];
      if (off >= g->lo && (uint64_t)off + size <= g->hi && !(g->flags & deny))
        return g->host + off;
    }
  return NULL;
}

static void trace_insn(struct vm *vm, const struct xi *ip, const uint64_t *R)
{
  uint32_t pc = ip - vm->code;
  FILE *f = vm->out;
  char text[96] = "";
  if (pc < vm->obj->ncode)
    {
      uint8_t raw[16];
      size_t n = pc + 1 < vm->obj->ncode ? 16 : 8;
      memcpy(raw, &vm->obj->code[pc], n);
      struct bpf_insn d;
      if (bpf_insn_decode(raw, n, &d) > 0 && d.op)
        bpf_insn_print(&d, BPF_SYNTAX_PSEUDOC, NULL, text, sizeof text);
      else
        snprintf(text, sizeof text, ".insn %02x", raw[0]);
    }
  fprintf(f, "%6u: %-32s", pc, text);
  for (int i = 0; i <= 10; i++)
    if (R[i] || i == 0 || i == 10)
      fprintf(f, " r%d=%#llx", i, (unsigned long long)R[i]);
  fputc('\n', f);
}

/* The stepped build's hook: the machine as it stands goes to the stepper
   first, so the hook sees registers, pc and frames as the debugger shows
   them.  */
static int step_event(struct vm *vm, enum vm_event ev, const uint64_t *R, const struct xi *ip, int nf)
{
  struct vm_stepper *st = vm->stepper;
  memcpy(st->R, R, sizeof st->R);
  st->pc = (uint32_t)(ip - vm->code);
  st->nf = nf;
  return st->hook(st, ev);
}

/* The fast build: no hooks at all.  */
#define TRACE 0
#define RUN_FN run_fast
#define EACH_INSN() ((void)0)
#define RESUME() ((void)0)
#define HOOK(ev) ((void)0)
#include "sim/interp-body.h"
#undef TRACE
#undef RUN_FN
#undef EACH_INSN
/* --trace: every instruction printed before it runs.  */
#define TRACE 1
#define RUN_FN run_trace
#define EACH_INSN() trace_insn(vm, ip, R)
#include "sim/interp-body.h"
#undef TRACE
#undef RUN_FN
#undef EACH_INSN
#undef RESUME
#undef HOOK
/* vm_run_stepped: starts from the stepper's machine; before each
   instruction the hook may stop the run (the machine is saved, the
   instruction not counted), then the budget is checked, as at every
   instruction when stepping one at a time.  */
#define TRACE 1
#define RUN_FN run_stepped
#define EACH_INSN() do { if (step_event(vm, VM_EV_INSN, R, ip, nf)) { vm->insns = cnt; return 1; } \
                         if (__builtin_expect(cnt >= limit, 0)) goto budget; } while (0)
#define RESUME() (memcpy(R, vm->stepper->R, sizeof R), ip = code + vm->stepper->pc, nf = vm->stepper->nf)
#define HOOK(ev) ((void)step_event(vm, ev, R, ip, nf))
#include "sim/interp-body.h"
#undef TRACE
#undef RUN_FN
#undef EACH_INSN
#undef RESUME
#undef HOOK

void vm_stepper_start(struct vm *vm, struct vm_stepper *st, uint32_t entry, const uint64_t args[5])
{
  memset(st->R, 0, sizeof st->R);
  for (int i = 0; i < 5; i++)
    st->R[i + 1] = args[i];
  st->R[10] = vm->fp;
  st->pc = entry;
  st->nf = 0;
}

int vm_run_stepped(struct vm *vm, struct vm_stepper *st)
{
  if (st->pc >= vm->ncode + 2)
    return vm_faultf(vm, "execution ran past the end of the code");
  uint64_t r0;
  vm->stepper = st;
  int r = run_stepped(vm, st->pc, st->R + 1, &r0);
  vm->stepper = NULL;
  return r;
}

int vm_run(struct vm *vm, uint32_t entry, const uint64_t args[5], uint64_t *ret)
{
  if (entry >= vm->ncode)
    return vm_faultf(vm, "entry point outside the code");
  return vm->opt.trace ? run_trace(vm, entry, args, ret) : run_fast(vm, entry, args, ret);
}

int vm_call(struct vm *vm, uint64_t fnptr, const uint64_t args[5], uint64_t *ret)
{
  uint32_t ri = vm_addr_region(vm, fnptr), idx = (uint32_t)fnptr;
  if (ri == 0 && vm->obj->is_exec)
    {
      /* link address of a function in an executable */
      for (uint32_t i = 0; i < vm->obj->ncsecs; i++)
        {
          const struct elo_codesec *c = &vm->obj->csecs[i];
          if (fnptr >= c->addr && fnptr < c->addr + 8ull * c->n && (fnptr - c->addr) % 8 == 0)
            {
              ri = SIM_CODE_REGION;
              idx = c->base + (fnptr - c->addr) / 8;
            }
        }
    }
  if (ri != SIM_CODE_REGION || idx >= vm->ncode)
    return vm_faultf(vm, "call through %#llx which is not a function", (unsigned long long)fnptr);
  if (vm->depth + 1 >= vm->opt.max_depth)
    return vm_faultf(vm, "call depth exceeds %d frames", vm->opt.max_depth);
  uint64_t save_fp = vm->fp;
  int save_depth = vm->depth;
  vm->depth++;
  vm->fp = vm_frame_fp(vm, vm->depth);
  int r = vm_run(vm, idx, args, ret);
  vm->fp = save_fp;
  vm->depth = save_depth;
  return r;
}
