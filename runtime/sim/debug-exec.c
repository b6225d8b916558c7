/* debug-exec.c - bpf-run --debug: the single-step executor and call frames.
   See debug-int.h for how the debugger is split.  */
#include "sim/debug-int.h"

/* ---------------------------------------------------------------- executor */


int xfault(struct dbg *d, const char *fmt, ...)
{
  struct vm *vm = d->vm;
  if (!vm->fault)
    {
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(vm->errmsg, sizeof vm->errmsg, fmt, ap);
      va_end(ap);
      vm->fault = 1;
    }
  vm->fault_pc = d->pc;
  return ST_FAULT;
}

void trace_call_args(struct dbg *d, int indent, const char *name, const uint64_t *R, int nargs)
{
  FILE *f = d->vm->out;
  fprintf(f, "%*scall %s(", indent, "", name);
  for (int i = 1; i <= nargs; i++)
    fprintf(f, "%s0x%llx", i > 1 ? ", " : "", (unsigned long long)R[i]);
  fprintf(f, ")");
}

void trace_where(struct dbg *d, uint32_t pc)
{
  char w[256];
  where_str(d, pc, w, sizeof w);
  fprintf(d->vm->out, " from %s\n", w);
}

int push_call(struct dbg *d, uint32_t target)
{
  struct vm *vm = d->vm;
  if (d->nf + 1 >= vm->opt.max_depth)
    return xfault(d, "call depth exceeds %d frames", vm->opt.max_depth);
  if (d->trace == DBG_TRACE_CALLS)
    {
      char names[5][32];
      const struct elo_func *f = elo_func_at(d->obj, target);
      int np = f ? dbtf_func_params(d->btf, f->name, names) : -1;
      trace_call_args(d, 2 * (d->nf + 1), f ? f->name : "??", d->R, np < 0 ? 5 : np);
      trace_where(d, d->pc);
    }
  struct dframe *f = &d->fr[d->nf++];
  f->call_pc = d->pc;
  f->r6 = d->R[6]; f->r7 = d->R[7]; f->r8 = d->R[8]; f->r9 = d->R[9]; f->fp = d->R[10];
  d->R[10] = vm_frame_fp(vm, d->nf);
  d->pc = target;
  return ST_OK;
}

/* Execute the instruction at d->pc.  */
int step1(struct dbg *d)
{
  struct vm *vm = d->vm;
  uint64_t *R = d->R;
  uint32_t pc = d->pc;
  if (pc >= vm->ncode + 2)
    return xfault(d, "execution ran past the end of the code");
  if (vm->insns >= vm->opt.max_insns)
    return xfault(d, "instruction budget of %llu exhausted (use --max-insns)",
                  (unsigned long long)vm->opt.max_insns);
  const struct xi *ip = &vm->code[pc];
  int op = d->dop[pc];
  vm->insns++;
#define DST R[ip->dst]
#define SRC R[ip->src]
#define IMM ((int64_t)ip->imm)
#define TARGET ((uint32_t)((const struct xi *)(intptr_t)ip->aux - vm->code))
  uint32_t next = pc + 1;
  uint64_t addr, v;
  switch (op)
    {
#define A64(n, e) \
    case D_##n##64_K: { uint64_t a = DST, b = (uint64_t)IMM; (void)a; DST = (e); break; } \
    case D_##n##64_X: { uint64_t a = DST, b = SRC; (void)a; DST = (e); break; }
#define A32(n, e) \
    case D_##n##32_K: { uint32_t a = DST, b = (uint32_t)ip->imm; (void)a; DST = (uint32_t)(e); break; } \
    case D_##n##32_X: { uint32_t a = DST, b = (uint32_t)SRC; (void)a; DST = (uint32_t)(e); break; }
    A64(ADD, a + b) A64(SUB, a - b) A64(MUL, a * b)
    A64(DIV, b ? a / b : 0) A64(MOD, b ? a % b : a)
    A64(SDIV, b == 0 ? 0 : (int64_t)b == -1 ? (uint64_t)0 - a : (uint64_t)((int64_t)a / (int64_t)b))
    A64(SMOD, b == 0 ? a : (int64_t)b == -1 ? 0 : (uint64_t)((int64_t)a % (int64_t)b))
    A64(OR, a | b) A64(AND, a & b) A64(LSH, a << (b & 63)) A64(RSH, a >> (b & 63))
    A64(ARSH, (uint64_t)((int64_t)a >> (b & 63))) A64(XOR, a ^ b) A64(MOV, b)
    A32(ADD, a + b) A32(SUB, a - b) A32(MUL, a * b)
    A32(DIV, b ? a / b : 0) A32(MOD, b ? a % b : a)
    A32(SDIV, b == 0 ? 0 : (int32_t)b == -1 ? 0u - a : (uint32_t)((int32_t)a / (int32_t)b))
    A32(SMOD, b == 0 ? a : (int32_t)b == -1 ? 0 : (uint32_t)((int32_t)a % (int32_t)b))
    A32(OR, a | b) A32(AND, a & b) A32(LSH, a << (b & 31)) A32(RSH, a >> (b & 31))
    A32(ARSH, (uint32_t)((int32_t)a >> (b & 31))) A32(XOR, a ^ b) A32(MOV, b)
    case D_NEG64: DST = (uint64_t)0 - DST; break;
    case D_NEG32: DST = (uint32_t)(0u - (uint32_t)DST); break;
    case D_MOVSX64_8: DST = (uint64_t)(int64_t)(int8_t)SRC; break;
    case D_MOVSX64_16: DST = (uint64_t)(int64_t)(int16_t)SRC; break;
    case D_MOVSX64_32: DST = (uint64_t)(int64_t)(int32_t)SRC; break;
    case D_MOVSX32_8: DST = (uint32_t)(int32_t)(int8_t)SRC; break;
    case D_MOVSX32_16: DST = (uint32_t)(int32_t)(int16_t)SRC; break;
    case D_LE16: DST = (uint16_t)DST; break;
    case D_LE32: DST = (uint32_t)DST; break;
    case D_LE64: break;
    case D_BE16: DST = __builtin_bswap16((uint16_t)DST); break;
    case D_BE32: DST = __builtin_bswap32((uint32_t)DST); break;
    case D_BE64: DST = __builtin_bswap64(DST); break;
    case D_JA: next = TARGET; break;
#define JC(n, cond) \
    case D_##n##_K: { uint64_t a = DST, b = (uint64_t)IMM; if (cond) next = TARGET; break; } \
    case D_##n##_X: { uint64_t a = DST, b = SRC; if (cond) next = TARGET; break; }
    JC(JEQ, a == b) JC(JNE, a != b) JC(JGT, a > b) JC(JGE, a >= b) JC(JLT, a < b) JC(JLE, a <= b)
    JC(JSGT, (int64_t)a > (int64_t)b) JC(JSGE, (int64_t)a >= (int64_t)b)
    JC(JSLT, (int64_t)a < (int64_t)b) JC(JSLE, (int64_t)a <= (int64_t)b) JC(JSET, a & b)
    JC(J32EQ, (uint32_t)a == (uint32_t)b) JC(J32NE, (uint32_t)a != (uint32_t)b)
    JC(J32GT, (uint32_t)a > (uint32_t)b) JC(J32GE, (uint32_t)a >= (uint32_t)b)
    JC(J32LT, (uint32_t)a < (uint32_t)b) JC(J32LE, (uint32_t)a <= (uint32_t)b)
    JC(J32SGT, (int32_t)a > (int32_t)b) JC(J32SGE, (int32_t)a >= (int32_t)b)
    JC(J32SLT, (int32_t)a < (int32_t)b) JC(J32SLE, (int32_t)a <= (int32_t)b)
    JC(J32SET, (uint32_t)a & (uint32_t)b)
    case D_LDDW: case D_LDDW_MAP: case D_LDDW_FUNC:
      DST = (uint64_t)ip->aux;
      next = pc + 2;
      break;
#define LD(n, type, ext) \
    case D_##n: \
      addr = SRC + ip->aux; \
      if (vm_slow_load(vm, addr, sizeof(type), &v)) return xfault(d, "?"); \
      DST = (v >> 32) && sizeof(type) < 8 ? v : (uint64_t)(ext)(type)v; \
      break;
    LD(LDX_B, uint8_t, uint64_t) LD(LDX_H, uint16_t, uint64_t) LD(LDX_W, uint32_t, uint64_t)
    LD(LDX_DW, uint64_t, uint64_t) LD(LDSX_B, int8_t, int64_t) LD(LDSX_H, int16_t, int64_t)
    LD(LDSX_W, int32_t, int64_t)
#define STO(n, type, val) \
    case D_##n: \
      addr = DST + ip->aux; \
      if (vm_slow_store(vm, addr, sizeof(type), (uint64_t)(type)(val))) return xfault(d, "?"); \
      break;
    STO(ST_B, uint8_t, ip->imm) STO(ST_H, uint16_t, ip->imm) STO(ST_W, uint32_t, ip->imm)
    STO(ST_DW, uint64_t, (int64_t)ip->imm) STO(STX_B, uint8_t, SRC) STO(STX_H, uint16_t, SRC)
    STO(STX_W, uint32_t, SRC) STO(STX_DW, uint64_t, SRC)
#define ATOM(n, type, body) \
    case D_##n: { \
      addr = DST + ip->aux; \
      uint8_t *p = vm_mem(vm, addr, sizeof(type), 1, "atomic operation"); \
      if (!p) return xfault(d, "?"); \
      type old_, new_; memcpy(&old_, p, sizeof old_); (void)new_; \
      body \
      break; }
#define AOP(n, type, opx, fetch) \
    ATOM(n, type, { new_ = old_ opx (type)SRC; memcpy(p, &new_, sizeof new_); if (fetch) SRC = (uint64_t)old_; })
    AOP(AADD_W, uint32_t, +, 0) AOP(AADD_DW, uint64_t, +, 0)
    AOP(AOR_W, uint32_t, |, 0) AOP(AOR_DW, uint64_t, |, 0)
    AOP(AAND_W, uint32_t, &, 0) AOP(AAND_DW, uint64_t, &, 0)
    AOP(AXOR_W, uint32_t, ^, 0) AOP(AXOR_DW, uint64_t, ^, 0)
    AOP(AFADD_W, uint32_t, +, 1) AOP(AFADD_DW, uint64_t, +, 1)
    AOP(AFOR_W, uint32_t, |, 1) AOP(AFOR_DW, uint64_t, |, 1)
    AOP(AFAND_W, uint32_t, &, 1) AOP(AFAND_DW, uint64_t, &, 1)
    AOP(AFXOR_W, uint32_t, ^, 1) AOP(AFXOR_DW, uint64_t, ^, 1)
    ATOM(AXCHG_W, uint32_t, { new_ = (uint32_t)SRC; memcpy(p, &new_, 4); SRC = old_; })
    ATOM(AXCHG_DW, uint64_t, { new_ = SRC; memcpy(p, &new_, 8); SRC = old_; })
    ATOM(ACMPXCHG_W, uint32_t, { if (old_ == (uint32_t)R[0]) { new_ = (uint32_t)SRC; memcpy(p, &new_, 4); } R[0] = old_; })
    ATOM(ACMPXCHG_DW, uint64_t, { if (old_ == R[0]) { new_ = SRC; memcpy(p, &new_, 8); } R[0] = old_; })
    case D_LDABS_B: case D_LDABS_H: case D_LDABS_W:
    case D_LDIND_B: case D_LDIND_H: case D_LDIND_W:
      {
        if (!vm_ldabs_allowed(vm))
          return xfault(d, "?");
        int n = (op == D_LDABS_B || op == D_LDIND_B) ? 1 : (op == D_LDABS_H || op == D_LDIND_H) ? 2 : 4;
        int64_t o = op <= D_LDABS_W ? (int64_t)ip->imm
                                    : (int64_t)(int32_t)((uint32_t)SRC + (uint32_t)ip->imm);
        if (!vm->pkt || o < 0 || (uint64_t)o + n > (uint64_t)(vm->pkt_end - vm->pkt_data))
          {
            R[0] = 0;
            d->nf = 0;
            return ST_EXIT;
          }
        const uint8_t *q = vm->pkt + vm->pkt_data + o;
        R[0] = n == 1 ? q[0] : n == 2 ? (uint64_t)(q[0] << 8 | q[1])
             : ((uint64_t)q[0] << 24 | (uint64_t)q[1] << 16 | (uint64_t)q[2] << 8 | q[3]);
        break;
      }
    case D_CALL_HELPER:
      {
        helper_fn fn = helper_get(ip->imm);
        vm->cur_pc = pc;
        if (ip->imm >= SIM_SERVICE_BASE && !vm->obj->is_exec && vm->prog_type && fn)
          return xfault(d, "simulator service %s is only for plain executables, not %s programs",
                        helper_name(ip->imm), elo_type_name(vm->prog_type));
        if (!fn)
          {
            const char *hn = helper_name(ip->imm);
            return xfault(d, "unknown helper %d%s%s%s", ip->imm, hn ? " (" : "", hn ? hn : "", hn ? ")" : "");
          }
        uint64_t save_fp = vm->fp;
        int save_depth = vm->depth;
        vm->fp = R[10];
        vm->depth = d->nf;
        if (d->trace == DBG_TRACE_CALLS)
          {
            const char *hn = helper_name(ip->imm);
            char buf[64];
            if (!hn)
              snprintf(buf, sizeof buf, "helper_%d", ip->imm);
            else
              snprintf(buf, sizeof buf, "%s", hn);
            trace_call_args(d, 2 * (d->nf + 1), buf, R, 5);
          }
        R[0] = fn(vm, R[1], R[2], R[3], R[4], R[5]);
        vm->fp = save_fp;
        vm->depth = save_depth;
        if (d->trace == DBG_TRACE_CALLS)
          {
            fprintf(vm->out, " = %lld", (long long)R[0]);
            trace_where(d, pc);
          }
        if (vm->fault)
          return xfault(d, "?");
        if (vm->exited)
          return ST_EXIT;
        if (vm->tail_prog)
          {
            uint32_t tp = (uint32_t)vm->tail_prog - 1;
            vm->tail_prog = 0;
            if (tp >= vm->obj->nprogs || vm->obj->progs[tp].start >= vm->ncode)
              return xfault(d, "tail call to program %u which does not exist", tp);
            next = vm->obj->progs[tp].start;
            if (d->trace == DBG_TRACE_CALLS)
              fprintf(vm->out, "%*stail call to %s\n", 2 * (d->nf + 1), "", func_name(d, next));
          }
        break;
      }
    case D_CALL_LOCAL:
      return push_call(d, TARGET);
    case D_CALLX:
      {
        uint64_t t = R[ip->aux];
        uint32_t idx = (uint32_t)t;
        if (vm_addr_region(vm, t) != SIM_CODE_REGION)
          {
            int found = 0;
            for (uint32_t i = 0; i < vm->obj->ncsecs; i++)
              {
                const struct elo_codesec *c = &vm->obj->csecs[i];
                if (vm->obj->is_exec && t >= c->addr && t < c->addr + 8ull * c->n && (t - c->addr) % 8 == 0)
                  {
                    idx = c->base + (t - c->addr) / 8;
                    found = 1;
                  }
              }
            if (!found)
              return xfault(d, "indirect call to %#llx which is not a function", (unsigned long long)t);
          }
        if (idx >= vm->ncode)
          return xfault(d, "indirect call outside the code");
        return push_call(d, idx);
      }
    case D_EXIT:
      if (d->nf == 0)
        return ST_EXIT;
      {
        struct dframe *f = &d->fr[--d->nf];
        if (d->trace == DBG_TRACE_CALLS)
          fprintf(vm->out, "%*sreturn %lld from %s\n", 2 * (d->nf + 1), "", (long long)R[0], func_name(d, pc));
        R[6] = f->r6; R[7] = f->r7; R[8] = f->r8; R[9] = f->r9; R[10] = f->fp;
        next = f->call_pc + 1;
      }
      break;
    case D_CALL_KFUNC:
      return xfault(d, "kfunc calls are not supported (btf id %d)", ip->imm);
    case D_BADJUMP:
      return xfault(d, "jump or call outside the code");
    case D_FALLOFF:
      return xfault(d, "execution ran past the end of the code");
    case D_LDDW_MID:
      return xfault(d, "jump into the middle of an lddw instruction");
    default:
      {
        const struct elo_insn *in = &vm->obj->code[pc];
        return xfault(d, "invalid instruction (opcode %#04x, dst r%d, src r%d, off %d, imm %d)",
                      in->code, ELO_DST(in), ELO_SRC(in), in->off, in->imm);
      }
    }
  d->pc = next;
  return ST_OK;
#undef DST
#undef SRC
#undef IMM
#undef TARGET
}

void start_machine(struct dbg *d, uint32_t entry, const uint64_t args[5])
{
  struct vm *vm = d->vm;
  memset(d->R, 0, sizeof d->R);
  for (int i = 0; i < 5; i++)
    d->R[i + 1] = args[i];
  vm->insns = 0;
  vm->helper_bytes = 0;
  vm->tail_cnt = 0;
  vm->fault = 0;
  vm->exited = 0;
  vm->errmsg[0] = 0;
  vm->fp = vm_frame_fp(vm, 0);
  vm->depth = 0;
  memset(vm->stack, 0, vm->stack_total);
  d->R[10] = vm->fp;
  d->base_fp = vm->fp;
  d->pc = entry;
  d->nf = 0;
}
