/* interp-body.h - the interpreter loop: the one place where the BPF
   instructions' semantics are written.  interp.c includes it three times:
   TRACE 0 is the fast build; TRACE 1 builds count every dispatch and call
   EACH_INSN() before each instruction (--trace prints it; the stepped
   build of bpf-run --debug and --trace=calls/regs stops there).  The
   includer also defines RESUME() (load a stopped machine after the start)
   and HOOK(event) (calls, returns, helper calls, tail calls, the end: the
   debugger's frame bookkeeping); both are nothing in the fast build, so
   it pays for none of this.  */

static int RUN_FN(struct vm *vm, uint32_t entry, const uint64_t args[5], uint64_t *ret)
{
  static const void *const labels[OP__COUNT] = {
#define L(n) [OP_##n] = &&L_##n,
    OPS(L)
#undef L
  };
  uint64_t R[11];
  const int base_depth = vm->depth;
  struct frame *const frames = vm->frames + base_depth;
  int nf = 0;                      /* frames pushed by this run */
  const struct xi *const code = vm->code;
  const struct xi *ip = code + entry;
  uint64_t cnt = vm->insns;
  const struct xi *bs = ip;        /* start of the straight-line run being counted */
  (void)bs;
  const uint64_t limit = vm->opt.max_insns;
  uint64_t addr;
  uint8_t *p;
  uint64_t v;
  int sz;

  const uint32_t tk = vm->tag_k, tminv = vm->tag_minv;
  const struct region *rg = vm->reg;
  uint32_t nrg = vm->nreg;
#if !TRACE
  /* Pair handlers (fast build only).  Most of the time of a threaded
     interpreter on branchy code goes to its indirect jumps: each handler
     ends in "goto *ip->lab", one jump site shared by every instance of
     that operation, whose target the predictor must guess from history;
     branches on data fill that history with noise.  clang emits register
     moves and constant adds in front of almost every use (r6 = r3; r6 +=
     r5; load; r7 = r6; r7 &= 7; if r7 == 3), so an instruction of the
     FIRST list followed by one of the SECOND list gets a handler that
     does the first and then jumps to the second's handler directly: one
     indirect jump instead of two.  Only the first instruction's lab
     changes; op and every other field stay, so the traced build, the
     debugger and a jump to the second instruction see the plain
     instructions.  The first instructions cannot fault and do not jump,
     so counting (bs to ip, at the next jump) and the budget are
     unchanged, and a fault in the second is at the second's pc.  */
#define FUSE_FIRST(X) X(MOV64_X) X(MOV64_K) X(ADD64_K) X(ADD64_X) X(MOV32_X) X(AND64_K) \
  X(AND64_X) X(XOR64_X) X(LSH64_K) X(RSH64_K) X(ARSH64_K) X(MUL64_K)
#define FUSE_SECOND(X, a) \
  X(a, ADD64_K) X(a, ADD64_X) X(a, SUB64_X) X(a, AND64_K) X(a, AND64_X) X(a, OR64_X) \
  X(a, XOR64_X) X(a, LSH64_K) X(a, RSH64_K) X(a, ARSH64_K) X(a, MUL64_K) X(a, MOV64_X) \
  X(a, MOV64_K) X(a, ADD32_K) X(a, JA) X(a, JEQ_K) X(a, JNE_K) X(a, JGT_K) X(a, JEQ_X) \
  X(a, JNE_X) X(a, JGT_X) X(a, JSGT_X) X(a, RSH64_X) X(a, ARSH64_X) X(a, JSGT_K) X(a, LDX_B) X(a, LDX_H) X(a, LDX_W) \
  X(a, LDX_DW) X(a, STX_B) X(a, STX_W) X(a, STX_DW) X(a, EXIT)
  enum {
#define FE1(a) FF_##a,
    FUSE_FIRST(FE1)
#undef FE1
    FF__N
  };
  enum {
#define FE2(a, b) FS_##b,
    FUSE_SECOND(FE2, _)
#undef FE2
    FS__N
  };
  if (__builtin_expect(!vm->threaded, 0))
    {
      static const void *const fused[FF__N][FS__N] = {
#define FL2(a, b) [FS_##b] = &&LF_##a##_##b,
#define FL1(a) [FF_##a] = { FUSE_SECOND(FL2, a) },
        FUSE_FIRST(FL1)
#undef FL1
#undef FL2
      };
      signed char first[OP__COUNT], second[OP__COUNT];
      memset(first, -1, sizeof first);
      memset(second, -1, sizeof second);
#define FI1(a) first[OP_##a] = FF_##a;
      FUSE_FIRST(FI1)
#undef FI1
#define FI2(a, b) second[OP_##b] = FS_##b;
      FUSE_SECOND(FI2, _)
#undef FI2
      for (uint32_t i = 0; i < vm->ncode + 2; i++)
        {
          struct xi *x = &vm->code[i];
          x->lab = labels[x->op];
          /* code[ncode] and code[ncode + 1] are FALLOFF: in no list */
          if (i + 1 < vm->ncode + 2 && first[x->op] >= 0 && second[x[1].op] >= 0)
            x->lab = fused[first[x->op]][second[x[1].op]];
        }
      vm->threaded = 1;
    }
#endif
  memset(R, 0, sizeof R);
  R[1] = args[0]; R[2] = args[1]; R[3] = args[2]; R[4] = args[3]; R[5] = args[4];
  R[10] = vm->fp;
  RESUME();

/* Instruction counting: the trace build counts every dispatch; the fast
   build counts straight-line runs when control leaves them (SYNC: all
   instructions from bs up to and including ip have executed).  */
#if TRACE
#define DISPATCH() do { EACH_INSN(); cnt++; goto *labels[ip->op]; } while (0)
#define SYNC() ((void)0)
#define NEWBLOCK() ((void)0)
#define LDDW_FIX() ((void)0)
#else
#define DISPATCH() do { goto *ip->lab; } while (0)
#define SYNC() (cnt += (uint64_t)(ip - bs) + 1, bs = ip + 1)
#define NEWBLOCK() (bs = ip)
#define LDDW_FIX() (cnt--)
#endif
#define NEXT() do { ip++; DISPATCH(); } while (0)
#define JUMP() do { SYNC(); ip = (const struct xi *)(intptr_t)ip->aux; NEWBLOCK(); \
                     if (__builtin_expect(cnt >= limit, 0)) { goto budget; } DISPATCH(); } while (0)
#define DST R[ip->dst]
#define SRC R[ip->src]
#define IMM ((int64_t)ip->imm)
#define U32(x) ((uint32_t)(x))
#define S32(x) ((int32_t)(x))

  /* The budget is checked where control enters code (here: a program, a
     callback of bpf_loop or bpf_for_each_map_elem), at jumps and calls,
     after helpers and at returns: every executed instruction is counted,
     and between two checks runs at most one straight line of code.  A
     callback without branches ran 16.7M instructions under --max-insns
     1000 when only jumps and calls were checked.  */
  if (__builtin_expect(cnt >= limit, 0))
    goto budget;
  DISPATCH();

#define ALU64(name, expr_k, expr_x) \
  L_##name##64_K: { uint64_t a = DST, b = (uint64_t)IMM; (void)a; DST = (expr_k); NEXT(); } \
  L_##name##64_X: { uint64_t a = DST, b = SRC; (void)a; DST = (expr_x); NEXT(); }
#define ALU32(name, expr_k, expr_x) \
  L_##name##32_K: { uint32_t a = DST, b = (uint32_t)ip->imm; (void)a; DST = (uint32_t)(expr_k); NEXT(); } \
  L_##name##32_X: { uint32_t a = DST, b = (uint32_t)SRC; (void)a; DST = (uint32_t)(expr_x); NEXT(); }

  ALU64(ADD, a + b, a + b)
  ALU64(SUB, a - b, a - b)
  ALU64(MUL, a * b, a * b)
  ALU64(DIV, b ? a / b : 0, b ? a / b : 0)
  ALU64(MOD, b ? a % b : a, b ? a % b : a)
  ALU64(SDIV, b == 0 ? 0 : (int64_t)b == -1 ? (uint64_t)0 - a : (uint64_t)((int64_t)a / (int64_t)b),
              b == 0 ? 0 : (int64_t)b == -1 ? (uint64_t)0 - a : (uint64_t)((int64_t)a / (int64_t)b))
  ALU64(SMOD, b == 0 ? a : (int64_t)b == -1 ? 0 : (uint64_t)((int64_t)a % (int64_t)b),
              b == 0 ? a : (int64_t)b == -1 ? 0 : (uint64_t)((int64_t)a % (int64_t)b))
  ALU64(OR, a | b, a | b)
  ALU64(AND, a & b, a & b)
  ALU64(LSH, a << (b & 63), a << (b & 63))
  ALU64(RSH, a >> (b & 63), a >> (b & 63))
  ALU64(ARSH, (uint64_t)((int64_t)a >> (b & 63)), (uint64_t)((int64_t)a >> (b & 63)))
  ALU64(XOR, a ^ b, a ^ b)
  ALU64(MOV, b, b)
  ALU32(ADD, a + b, a + b)
  ALU32(SUB, a - b, a - b)
  ALU32(MUL, a * b, a * b)
  ALU32(DIV, b ? a / b : 0, b ? a / b : 0)
  ALU32(MOD, b ? a % b : a, b ? a % b : a)
  ALU32(SDIV, b == 0 ? 0 : (int32_t)b == -1 ? 0u - a : (uint32_t)((int32_t)a / (int32_t)b),
              b == 0 ? 0 : (int32_t)b == -1 ? 0u - a : (uint32_t)((int32_t)a / (int32_t)b))
  ALU32(SMOD, b == 0 ? a : (int32_t)b == -1 ? 0 : (uint32_t)((int32_t)a % (int32_t)b),
              b == 0 ? a : (int32_t)b == -1 ? 0 : (uint32_t)((int32_t)a % (int32_t)b))
  ALU32(OR, a | b, a | b)
  ALU32(AND, a & b, a & b)
  ALU32(LSH, a << (b & 31), a << (b & 31))
  ALU32(RSH, a >> (b & 31), a >> (b & 31))
  ALU32(ARSH, (uint32_t)((int32_t)a >> (b & 31)), (uint32_t)((int32_t)a >> (b & 31)))
  ALU32(XOR, a ^ b, a ^ b)
  ALU32(MOV, b, b)

  L_NEG64: DST = (uint64_t)0 - DST; NEXT();
  L_NEG32: DST = (uint32_t)(0u - (uint32_t)DST); NEXT();
  L_MOVSX64_8: DST = (uint64_t)(int64_t)(int8_t)SRC; NEXT();
  L_MOVSX64_16: DST = (uint64_t)(int64_t)(int16_t)SRC; NEXT();
  L_MOVSX64_32: DST = (uint64_t)(int64_t)(int32_t)SRC; NEXT();
  L_MOVSX32_8: DST = (uint32_t)(int32_t)(int8_t)SRC; NEXT();
  L_MOVSX32_16: DST = (uint32_t)(int32_t)(int16_t)SRC; NEXT();
  L_LE16: DST = (uint16_t)DST; NEXT();
  L_LE32: DST = (uint32_t)DST; NEXT();
  L_LE64: NEXT();
  L_BE16: DST = __builtin_bswap16((uint16_t)DST); NEXT();
  L_BE32: DST = __builtin_bswap32((uint32_t)DST); NEXT();
  L_BE64: DST = __builtin_bswap64(DST); NEXT();

#if !TRACE
  /* the pair handlers (see FUSE_FIRST): the first instruction, then a
     direct jump to the second's handler */
#define FX_MOV64_X DST = SRC
#define FX_MOV64_K DST = (uint64_t)IMM
#define FX_ADD64_K DST += (uint64_t)IMM
#define FX_ADD64_X DST += SRC
#define FX_MOV32_X DST = (uint32_t)SRC
#define FX_AND64_K DST &= (uint64_t)IMM
#define FX_AND64_X DST &= SRC
#define FX_XOR64_X DST ^= SRC
#define FX_LSH64_K DST <<= (IMM & 63)
#define FX_RSH64_K DST >>= (IMM & 63)
#define FX_ARSH64_K DST = (uint64_t)((int64_t)DST >> (IMM & 63))
#define FX_MUL64_K DST *= (uint64_t)IMM
#define FH2(a, b) LF_##a##_##b: FX_##a; ip++; goto L_##b;
#define FH1(a) FUSE_SECOND(FH2, a)
  FUSE_FIRST(FH1)
#undef FH1
#undef FH2
#undef FX_MOV64_X
#undef FX_MOV64_K
#undef FX_ADD64_K
#undef FX_ADD64_X
#undef FX_MOV32_X
#undef FX_AND64_K
#undef FX_AND64_X
#undef FX_XOR64_X
#undef FX_LSH64_K
#undef FX_RSH64_K
#undef FX_ARSH64_K
#undef FX_MUL64_K
#undef FUSE_FIRST
#undef FUSE_SECOND
#endif

  L_JA: JUMP();
  L_MAY_GOTO:
    if (vm->may_goto_left == 0)
      JUMP();
    vm->may_goto_left--;
    NEXT();
#define JCOND(name, cond) \
  L_##name##_K: { uint64_t a = DST, b = (uint64_t)IMM; if (cond) { JUMP(); } NEXT(); } \
  L_##name##_X: { uint64_t a = DST, b = SRC; if (cond) { JUMP(); } NEXT(); }
  JCOND(JEQ, a == b)
  JCOND(JNE, a != b)
  JCOND(JGT, a > b)
  JCOND(JGE, a >= b)
  JCOND(JLT, a < b)
  JCOND(JLE, a <= b)
  JCOND(JSGT, (int64_t)a > (int64_t)b)
  JCOND(JSGE, (int64_t)a >= (int64_t)b)
  JCOND(JSLT, (int64_t)a < (int64_t)b)
  JCOND(JSLE, (int64_t)a <= (int64_t)b)
  JCOND(JSET, a & b)
  JCOND(J32EQ, U32(a) == U32(b))
  JCOND(J32NE, U32(a) != U32(b))
  JCOND(J32GT, U32(a) > U32(b))
  JCOND(J32GE, U32(a) >= U32(b))
  JCOND(J32LT, U32(a) < U32(b))
  JCOND(J32LE, U32(a) <= U32(b))
  JCOND(J32SGT, S32(a) > S32(b))
  JCOND(J32SGE, S32(a) >= S32(b))
  JCOND(J32SLT, S32(a) < S32(b))
  JCOND(J32SLE, S32(a) <= S32(b))
  JCOND(J32SET, U32(a) & U32(b))

  L_LDDW: DST = (uint64_t)ip->aux; LDDW_FIX(); ip += 2; DISPATCH();
  L_LDDW_MAP: DST = (uint64_t)ip->aux; LDDW_FIX(); ip += 2; DISPATCH();
  L_LDDW_FUNC: DST = (uint64_t)ip->aux; LDDW_FIX(); ip += 2; DISPATCH();

#define LOAD(name, type, ext) \
  L_##name: \
    addr = SRC + ip->aux; \
    p = fast_mem(rg, nrg, tk, tminv, (struct xi *)ip, addr, sizeof(type), RG_CTX | RG_ELEM); \
    if (__builtin_expect(p != NULL, 1)) { type t_; memcpy(&t_, p, sizeof t_); DST = (ext)t_; } \
    else { sz = sizeof(type); vm->insns = cnt; if (vm_slow_load(vm, addr, sz, &v)) goto fault; \
           DST = (v >> 32) && sz < 8 ? v /* context pointer field */ : (uint64_t)(ext)(type)v; } \
    NEXT();
  LOAD(LDX_B, uint8_t, uint64_t)
  LOAD(LDX_H, uint16_t, uint64_t)
  LOAD(LDX_W, uint32_t, uint64_t)
  LOAD(LDX_DW, uint64_t, uint64_t)
  LOAD(LDSX_B, int8_t, int64_t)
  LOAD(LDSX_H, int16_t, int64_t)
  LOAD(LDSX_W, int32_t, int64_t)

#define STORE(name, type, val) \
  L_##name: \
    addr = DST + ip->aux; \
    p = fast_mem(rg, nrg, tk, tminv, (struct xi *)ip, addr, sizeof(type), RG_CTX | RG_RO | RG_ELEM); \
    if (__builtin_expect(p != NULL, 1)) { type t_ = (type)(val); memcpy(p, &t_, sizeof t_); } \
    else { vm->insns = cnt; if (vm_slow_store(vm, addr, sizeof(type), (uint64_t)(type)(val))) goto fault; } \
    NEXT();
  STORE(ST_B, uint8_t, ip->imm)
  STORE(ST_H, uint16_t, ip->imm)
  STORE(ST_W, uint32_t, ip->imm)
  STORE(ST_DW, uint64_t, (int64_t)ip->imm)
  STORE(STX_B, uint8_t, SRC)
  STORE(STX_H, uint16_t, SRC)
  STORE(STX_W, uint32_t, SRC)
  STORE(STX_DW, uint64_t, SRC)

#define ATOMIC(name, type, body) \
  L_##name: { \
    addr = DST + ip->aux; \
    p = fast_mem(rg, nrg, tk, tminv, (struct xi *)ip, addr, sizeof(type), RG_CTX | RG_RO | RG_ELEM); \
    if (!p) { vm->insns = cnt; p = vm_mem(vm, addr, sizeof(type), 1, "atomic operation"); \
              if (!p) goto fault; } \
    type old_, new_; memcpy(&old_, p, sizeof old_); (void)new_; \
    body \
    NEXT(); }
#define AOP(name, type, opx, fetch) \
  ATOMIC(name, type, { new_ = old_ opx (type)SRC; memcpy(p, &new_, sizeof new_); \
                       if (fetch) SRC = (uint64_t)old_; })
  AOP(AADD_W, uint32_t, +, 0) AOP(AADD_DW, uint64_t, +, 0)
  AOP(AOR_W, uint32_t, |, 0) AOP(AOR_DW, uint64_t, |, 0)
  AOP(AAND_W, uint32_t, &, 0) AOP(AAND_DW, uint64_t, &, 0)
  AOP(AXOR_W, uint32_t, ^, 0) AOP(AXOR_DW, uint64_t, ^, 0)
  AOP(AFADD_W, uint32_t, +, 1) AOP(AFADD_DW, uint64_t, +, 1)
  AOP(AFOR_W, uint32_t, |, 1) AOP(AFOR_DW, uint64_t, |, 1)
  AOP(AFAND_W, uint32_t, &, 1) AOP(AFAND_DW, uint64_t, &, 1)
  AOP(AFXOR_W, uint32_t, ^, 1) AOP(AFXOR_DW, uint64_t, ^, 1)
  ATOMIC(AXCHG_W, uint32_t, { new_ = (uint32_t)SRC; memcpy(p, &new_, 4); SRC = old_; })
  ATOMIC(AXCHG_DW, uint64_t, { new_ = SRC; memcpy(p, &new_, 8); SRC = old_; })
  ATOMIC(ACMPXCHG_W, uint32_t, { if (old_ == (uint32_t)R[0]) { new_ = (uint32_t)SRC; memcpy(p, &new_, 4); }
                                 R[0] = old_; })
  ATOMIC(ACMPXCHG_DW, uint64_t, { if (old_ == R[0]) { new_ = SRC; memcpy(p, &new_, 8); }
                                  R[0] = old_; })

  /* Legacy packet loads (socket filters): relative to skb->data, value in
     network order; out of bounds ends the program with 0.  */
#define LDPKT(name, n, offexpr) \
  L_##name: { \
    int64_t o_ = (offexpr); \
    if (!vm_ldabs_allowed(vm)) { SYNC(); goto fault; } \
    if (!vm->pkt || o_ < 0 || (uint64_t)o_ + n > (uint64_t)(vm->pkt_end - vm->pkt_data)) \
      { R[0] = 0; SYNC(); goto done; } \
    const uint8_t *q_ = vm->pkt + vm->pkt_data + o_; \
    R[0] = n == 1 ? q_[0] : n == 2 ? (uint64_t)(q_[0] << 8 | q_[1]) \
         : ((uint64_t)q_[0] << 24 | (uint64_t)q_[1] << 16 | (uint64_t)q_[2] << 8 | q_[3]); \
    NEXT(); }
  LDPKT(LDABS_B, 1, (int64_t)ip->imm)
  LDPKT(LDABS_H, 2, (int64_t)ip->imm)
  LDPKT(LDABS_W, 4, (int64_t)ip->imm)
  LDPKT(LDIND_B, 1, (int64_t)(int32_t)((uint32_t)SRC + (uint32_t)ip->imm))
  LDPKT(LDIND_H, 2, (int64_t)(int32_t)((uint32_t)SRC + (uint32_t)ip->imm))
  LDPKT(LDIND_W, 4, (int64_t)(int32_t)((uint32_t)SRC + (uint32_t)ip->imm))

  L_CALL_HELPER: {
      helper_fn fn = helper_get(ip->imm);
      SYNC();
      vm->insns = cnt;
      vm->cur_pc = ip - code;
      if (ip->imm >= SIM_SERVICE_BASE && !vm->obj->is_exec && vm->prog_type && fn)
        {
          vm_faultf(vm, "simulator service %s is only for plain executables, not %s programs",
                    helper_name(ip->imm), elo_type_name(vm->prog_type));
          goto fault;
        }
      if (!fn)
        {
          const char *hn = helper_name(ip->imm);
          vm_faultf(vm, "unknown helper %d%s%s%s", ip->imm, hn ? " (" : "", hn ? hn : "", hn ? ")" : "");
          goto fault;
        }
      uint64_t save_fp = vm->fp;
      int save_depth = vm->depth;
      vm->fp = R[10];
      vm->depth = base_depth + nf;
      HOOK(VM_EV_HELPER);
      R[0] = fn(vm, R[1], R[2], R[3], R[4], R[5]);
      vm->fp = save_fp;
      vm->depth = save_depth;
      HOOK(VM_EV_HELPER_DONE);
      cnt = vm->insns;
      rg = vm->reg;
      nrg = vm->nreg;
      if (__builtin_expect(cnt >= limit, 0) && !vm->fault && !vm->exited)
        goto budget;
      if (__builtin_expect(vm->fault | vm->exited | vm->tail_prog, 0))
        {
          if (vm->fault)
            goto fault;
          if (vm->exited)
            goto done;
          /* tail call: replace the running program, same frame; the
             program index is checked here, where it is used */
          uint32_t tp = (uint32_t)vm->tail_prog - 1;
          vm->tail_prog = 0;
          if (tp >= vm->obj->nprogs || vm->obj->progs[tp].start >= vm->ncode)
            {
              vm_faultf(vm, "tail call to program %u which does not exist", tp);
              goto fault;
            }
          uint32_t t = vm->obj->progs[tp].start;
          ip = code + t;
          vm->may_goto_left = VM_MAY_GOTO_LOOPS;
          HOOK(VM_EV_TAIL);
          NEWBLOCK();
          DISPATCH();
        }
      /* r1-r5 are clobbered by calls */
      NEXT();
    }
  /* A call: the callee's frame after the caller's (r6-r9 and r10 kept
     for the return), then its first instruction at TARGET.  */
#define CALL_TO(target) do { \
      if (base_depth + nf + 1 >= vm->opt.max_depth) \
        { \
          vm->insns = cnt; \
          vm_faultf(vm, "call depth exceeds %d frames", vm->opt.max_depth); \
          goto fault; \
        } \
      struct frame *f = &frames[nf++]; \
      f->r6 = R[6]; f->r7 = R[7]; f->r8 = R[8]; f->r9 = R[9]; f->fp = R[10]; \
      f->ret = ip + 1; \
      f->may_goto_left = vm->may_goto_left; \
      vm->may_goto_left = VM_MAY_GOTO_LOOPS; \
      R[10] = vm_frame_fp(vm, base_depth + nf); \
      ip = (target); \
      HOOK(VM_EV_CALL); \
      NEWBLOCK(); \
      if (__builtin_expect(cnt >= limit, 0)) \
        goto budget; \
      DISPATCH(); } while (0)
  L_CALL_LOCAL:
    SYNC();
    CALL_TO((const struct xi *)(intptr_t)ip->aux);
  L_CALLX: {
      SYNC();
      uint64_t t = R[ip->aux];
      int64_t idx = vm_code_index(vm, t);
      if (idx < 0 || idx >= vm->ncode)
        {
          vm->insns = cnt;
          if (idx < 0)
            vm_faultf(vm, "indirect call to %#llx which is not a function", (unsigned long long)t);
          else
            vm_faultf(vm, "indirect call outside the code");
          goto fault;
        }
      CALL_TO(code + idx);
    }
  L_EXIT:
    SYNC();
    if (nf == 0)
      goto done;
    {
      HOOK(VM_EV_RETURN);
      struct frame *f = &frames[--nf];
      R[6] = f->r6; R[7] = f->r7; R[8] = f->r8; R[9] = f->r9; R[10] = f->fp;
      vm->may_goto_left = f->may_goto_left;
      ip = f->ret;
      NEWBLOCK();
      if (__builtin_expect(cnt >= limit, 0))
        goto budget;
      DISPATCH();
    }
  L_CALL_KFUNC:
    vm->insns = cnt;
    vm_faultf(vm, "kfunc calls are not supported (btf id %d)", ip->imm);
    goto fault;
  L_INVALID: {
      vm->insns = cnt;
      const struct elo_insn *in = &vm->obj->code[ip - code];
      vm_faultf(vm, "invalid instruction (opcode %#04x, dst r%d, src r%d, off %d, imm %d)",
                in->code, ELO_DST(in), ELO_SRC(in), in->off, in->imm);
      goto fault;
    }
  L_BADJUMP:
    vm->insns = cnt;
    vm_faultf(vm, "jump or call outside the code");
    goto fault;
  L_FALLOFF:
    vm->insns = cnt;
    vm_faultf(vm, "execution ran past the end of the code");
    goto fault;
  L_LDDW_MID:
    vm->insns = cnt;
    vm_faultf(vm, "jump into the middle of an lddw instruction");
    goto fault;

budget:
  bs = ip + 1;       /* counted up to the jump; nothing of the new run */
  vm->insns = cnt;
  vm_faultf(vm, "instruction budget of %llu exhausted (use --max-insns)", (unsigned long long)limit);
  goto fault;
fault:
  SYNC();
  /* The innermost run records where: a fault in a bpf_loop or for_each
     callback is at the callback's instruction, not at the helper call
     the callers return through.  */
  if (!vm->fault_pc_set)
    {
      vm->fault_pc = ip - code;
      vm->fault_pc_set = 1;
    }
  vm->insns = cnt;
  HOOK(VM_EV_LEAVE);
  return -1;
done:
  vm->insns = cnt;
  *ret = R[0];
  HOOK(VM_EV_LEAVE);
  return 0;
#undef DISPATCH
#undef SYNC
#undef NEWBLOCK
#undef LDDW_FIX
#undef NEXT
#undef JUMP
#undef DST
#undef SRC
#undef IMM
#undef U32
#undef S32
#undef ALU64
#undef ALU32
#undef JCOND
#undef LOAD
#undef STORE
#undef ATOMIC
#undef AOP
#undef LDPKT
#undef CALL_TO
}
