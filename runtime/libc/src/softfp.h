/* Bit access to float and double for the soft-float routines.  */
#ifndef BPF_LIBC_SOFTFP_H
#define BPF_LIBC_SOFTFP_H
typedef unsigned long u64;
typedef unsigned int u32;
typedef long s64;
static inline u64 dbits(double d) { union { double d; u64 u; } x; x.d = d; return x.u; }
/* The asm barriers keep GCC from folding a known bit pattern into a
   floating-point constant, which bpf-gcc 12 would load wrongly (see
   dconst below).  */
static inline double bitsd(u64 u) { union { double d; u64 u; } x; __asm__("" : "+r"(u)); x.u = u; return x.d; }
static inline u32 fbits(float f) { union { float f; u32 u; } x; x.f = f; return x.u; }
static inline float bitsf(u32 u) { union { float f; u32 u; } x; __asm__("" : "+r"(u)); x.u = u; return x.f; }
#endif

/* A double constant from its bits, hidden from the optimiser: bpf-gcc 12
   prints floating-point constants loaded into registers wrongly
   (bpf_print_operand prints GCC's internal real_value words, not the
   IEEE bits; doc/gcc-testsuite.md), so runtime code must never let a
   non-zero floating constant reach a register.  */
static inline double dconst(u64 b) { return bitsd(b); }
#define D_ONE  dconst(0x3ff0000000000000UL)
#define D_TEN  dconst(0x4024000000000000UL)
#define D_HALF dconst(0x3fe0000000000000UL)
