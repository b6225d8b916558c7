/* ops.h: the operations of bpf-run's decoded instruction form, as an
   X-macro list, and their numbers (enum xop).  The interpreter (interp.c)
   builds its jump table from the list; the instruction table (insn.c)
   names each instruction's operation in its sim_op column, which is how
   the decoder (interp.c's vm_decode) picks it; the debugger (debug.c)
   has its own view of the same numbering.  One list, so none of them
   can drift apart.  */
#ifndef BPFRUN_OPS_H
#define BPFRUN_OPS_H

#define OPS(X) \
  X(INVALID) X(BADJUMP) X(FALLOFF) X(LDDW_MID) \
  X(ADD64_K) X(ADD64_X) X(SUB64_K) X(SUB64_X) X(MUL64_K) X(MUL64_X) \
  X(DIV64_K) X(DIV64_X) X(SDIV64_K) X(SDIV64_X) X(MOD64_K) X(MOD64_X) \
  X(SMOD64_K) X(SMOD64_X) X(OR64_K) X(OR64_X) X(AND64_K) X(AND64_X) \
  X(LSH64_K) X(LSH64_X) X(RSH64_K) X(RSH64_X) X(ARSH64_K) X(ARSH64_X) \
  X(XOR64_K) X(XOR64_X) X(MOV64_K) X(MOV64_X) X(NEG64) \
  X(MOVSX64_8) X(MOVSX64_16) X(MOVSX64_32) \
  X(ADD32_K) X(ADD32_X) X(SUB32_K) X(SUB32_X) X(MUL32_K) X(MUL32_X) \
  X(DIV32_K) X(DIV32_X) X(SDIV32_K) X(SDIV32_X) X(MOD32_K) X(MOD32_X) \
  X(SMOD32_K) X(SMOD32_X) X(OR32_K) X(OR32_X) X(AND32_K) X(AND32_X) \
  X(LSH32_K) X(LSH32_X) X(RSH32_K) X(RSH32_X) X(ARSH32_K) X(ARSH32_X) \
  X(XOR32_K) X(XOR32_X) X(MOV32_K) X(MOV32_X) X(NEG32) \
  X(MOVSX32_8) X(MOVSX32_16) \
  X(LE16) X(LE32) X(LE64) X(BE16) X(BE32) X(BE64) \
  X(JA) X(JEQ_K) X(JEQ_X) X(JNE_K) X(JNE_X) X(JGT_K) X(JGT_X) X(JGE_K) X(JGE_X) \
  X(JLT_K) X(JLT_X) X(JLE_K) X(JLE_X) X(JSGT_K) X(JSGT_X) X(JSGE_K) X(JSGE_X) \
  X(JSLT_K) X(JSLT_X) X(JSLE_K) X(JSLE_X) X(JSET_K) X(JSET_X) \
  X(J32EQ_K) X(J32EQ_X) X(J32NE_K) X(J32NE_X) X(J32GT_K) X(J32GT_X) X(J32GE_K) X(J32GE_X) \
  X(J32LT_K) X(J32LT_X) X(J32LE_K) X(J32LE_X) X(J32SGT_K) X(J32SGT_X) X(J32SGE_K) X(J32SGE_X) \
  X(J32SLT_K) X(J32SLT_X) X(J32SLE_K) X(J32SLE_X) X(J32SET_K) X(J32SET_X) X(MAY_GOTO) \
  X(CALL_HELPER) X(CALL_LOCAL) X(CALLX) X(CALL_KFUNC) X(EXIT) \
  X(LDDW) X(LDDW_MAP) X(LDDW_FUNC) \
  X(LDABS_B) X(LDABS_H) X(LDABS_W) X(LDIND_B) X(LDIND_H) X(LDIND_W) \
  X(LDX_B) X(LDX_H) X(LDX_W) X(LDX_DW) X(LDSX_B) X(LDSX_H) X(LDSX_W) \
  X(ST_B) X(ST_H) X(ST_W) X(ST_DW) X(STX_B) X(STX_H) X(STX_W) X(STX_DW) \
  X(AADD_W) X(AADD_DW) X(AOR_W) X(AOR_DW) X(AAND_W) X(AAND_DW) X(AXOR_W) X(AXOR_DW) \
  X(AFADD_W) X(AFADD_DW) X(AFOR_W) X(AFOR_DW) X(AFAND_W) X(AFAND_DW) X(AFXOR_W) X(AFXOR_DW) \
  X(AXCHG_W) X(AXCHG_DW) X(ACMPXCHG_W) X(ACMPXCHG_DW)

enum xop {
#define XOP_ENUM(n) OP_##n,
  OPS(XOP_ENUM)
#undef XOP_ENUM
  OP__COUNT
};

#endif
