/* interp.c - decode BPF instructions once, then run them with a threaded
   interpreter (computed goto, one label per operation).  The semantics are
   the kernel's: division by zero gives 0, modulo by zero leaves the
   dividend, 32-bit operations zero-extend, shift counts are masked.  */
#include "sim/sim.h"
#include "insn.h"   /* shared decoder and printer (read-only use) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/ops.h"   /* enum xop */

static const char *const op_names[] = {
#define N(n) #n,
  OPS(N)
#undef N
};

/* The instruction table's entry for IN (insn.c; which opcodes exist, and
   the off or imm that selects among entries sharing one), or NULL.  */
static const struct bpf_op *table_entry(const struct elo_insn *in)
{
  struct bpf_insn q = { .code = in->code, .off = in->off, .imm = in->imm };
  return bpf_insn_lookup(&q);
}

/* Each instruction's operation is its table entry's sim_op; what is
   checked here is what the entry cannot say: register numbers, writes to
   r10, jump and call targets, and the source register's meaning for
   lddw and call.  An instruction that fails stays OP_INVALID, which
   faults only if it runs.  */
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
      x->dst = ELO_DST(in);
      x->src = ELO_SRC(in);
      x->imm = in->imm;
      x->aux = in->off;
      x->op = OP_INVALID;
      /* The tag cache starts as (tag 0, region 0), a pair the decoding
         gives: ((0 ^ k) - k) * m' = 0.  */
      x->tag_cache = 0;
      const struct bpf_op *op = table_entry(in);
      if (!op || op->sim_op == OP_INVALID)
        continue;
      /* xBPF's own operations run for xBPF objects only; its `call %rN'
         is bpf-run's callx, accepted always as LLVM's encoding is.  */
      if ((op->flags & BPF_OPF_XBPF) && op->fmt != BPF_F_CALLX && !xbpf)
        continue;
      /* register numbers are checked here once: handlers index R[]
         (lddw's and call's source register is no register) */
      if (op->fmt == BPF_F_LDDW ? x->dst >= 10
          : op->fmt == BPF_F_CALL ? 0 : (x->dst > 10 || x->src > 10))
        continue;
      switch (op->fmt)
        {
        case BPF_F_ALU_R: case BPF_F_ALU_I: case BPF_F_NEG:
        case BPF_F_MOVSX: case BPF_F_END: case BPF_F_LDX:
          if (x->dst != 10)  /* r10 is read-only */
            x->op = op->sim_op;
          break;
        case BPF_F_LDABS: case BPF_F_LDIND: case BPF_F_ST: case BPF_F_STX:
          x->op = op->sim_op;
          break;
        case BPF_F_ATOMIC:
          /* fetch forms and xchg write the source register */
          if (!((op->imm & BPF_FETCH) && x->src == 10))
            x->op = op->sim_op;
          break;
        case BPF_F_JA: case BPF_F_JAL: case BPF_F_JR: case BPF_F_JI:
          {
            int64_t t = (int64_t)pc + (op->fmt == BPF_F_JAL ? in->imm : in->off) + 1;
            x->op = t < 0 || t > n ? OP_BADJUMP : op->sim_op;
            x->aux = t;
            break;
          }
        case BPF_F_CALL:
          if (x->src == ELO_CALL_HELPER)
            x->op = OP_CALL_HELPER;
          else if (x->src == BPF_PSEUDO_CALL)
            {
              x->op = OP_CALL_LOCAL;
              x->aux = in->imm;
              if (in->imm < 0 || (uint32_t)in->imm >= n)
                x->op = OP_BADJUMP;
            }
          else if (x->src == BPF_PSEUDO_KFUNC_CALL)
            x->op = OP_CALL_KFUNC;
          break;
        case BPF_F_CALLX: case BPF_F_CALLXI:
          /* GCC's form names the register in dst, LLVM's in imm */
          x->op = op->sim_op;
          x->aux = x->dst ? x->dst : (in->imm >= 0 && in->imm <= 9 ? in->imm : 0);
          break;
        case BPF_F_EXIT:
          x->op = op->sim_op;
          break;
        case BPF_F_LDDW:
          {
            if (pc + 1 >= n || o->code[pc + 1].code != 0)
              break;
            uint64_t lo = (uint32_t)in->imm, hi = (uint32_t)o->code[pc + 1].imm;
            if (x->src == 0)
              {
                x->op = OP_LDDW;
                x->aux = (int64_t)(lo | hi << 32);
              }
            else if (x->src == BPF_PSEUDO_MAP_FD || x->src == BPF_PSEUDO_MAP_VALUE)
              {
                if (in->imm < 0 || (uint32_t)in->imm >= vm->nmaps)
                  break;
                struct smap *m = &vm->maps[in->imm];
                x->op = OP_LDDW_MAP;
                if (x->src == BPF_PSEUDO_MAP_FD)
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
            else if (x->src == BPF_PSEUDO_FUNC)
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
        }
    }
  vm->code[n].op = OP_FALLOFF;
  vm->code[n + 1].op = OP_FALLOFF;
  /* jump and call targets become pointers (no index arithmetic at run time) */
  for (uint32_t pc = 0; pc < n; pc++)
    {
      struct xi *x = &vm->code[pc];
      if ((x->op >= OP_JA && x->op <= OP_J32SET_X) || x->op == OP_MAY_GOTO
          || x->op == OP_CALL_LOCAL)
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

/* The code index a function pointer T names: a code-region address (its
   index, which may be past the code), or in an executable a link address
   of an instruction in one of its code sections; else -1.  */
static inline int64_t vm_code_index(const struct vm *vm, uint64_t t)
{
  uint32_t ri = vm_addr_region(vm, t);
  if (ri == SIM_CODE_REGION)
    return (uint32_t)t;
  if (ri == 0 && vm->obj->is_exec)
    for (uint32_t i = 0; i < vm->obj->ncsecs; i++)
      {
        const struct elo_codesec *c = &vm->obj->csecs[i];
        if (t >= c->addr && t < c->addr + 8ull * c->n && (t - c->addr) % 8 == 0)
          return c->base + (t - c->addr) / 8;
      }
  return -1;
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
  vm->may_goto_left = VM_MAY_GOTO_LOOPS;
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
  /* A program, or a callback the kernel calls (bpf_loop's), starts with
     its own may_goto budget; the caller's comes back after.  */
  uint64_t may_goto_left = vm->may_goto_left;
  vm->may_goto_left = VM_MAY_GOTO_LOOPS;
  int r = vm->opt.trace ? run_trace(vm, entry, args, ret) : run_fast(vm, entry, args, ret);
  vm->may_goto_left = may_goto_left;
  return r;
}

int vm_call(struct vm *vm, uint64_t fnptr, const uint64_t args[5], uint64_t *ret)
{
  int64_t idx = vm_code_index(vm, fnptr);
  if (idx < 0 || idx >= vm->ncode)
    return vm_faultf(vm, "call through %#llx which is not a function", (unsigned long long)fnptr);
  if (vm->depth + 1 >= vm->opt.max_depth)
    return vm_faultf(vm, "call depth exceeds %d frames", vm->opt.max_depth);
  uint64_t save_fp = vm->fp;
  int save_depth = vm->depth;
  vm->depth++;
  vm->fp = vm_frame_fp(vm, vm->depth);
  int r = vm_run(vm, (uint32_t)idx, args, ret);
  vm->fp = save_fp;
  vm->depth = save_depth;
  return r;
}
