/* Bit access to float and double for the soft-float routines.  */
#ifndef BPF_LIBC_SOFTFP_H
#define BPF_LIBC_SOFTFP_H
typedef unsigned long u64;
typedef unsigned int u32;
typedef long s64;
static inline u64 dbits(double d) { union { double d; u64 u; } x; x.d = d; return x.u; }
static inline double bitsd(u64 u) { union { double d; u64 u; } x; x.u = u; return x.d; }
static inline u32 fbits(float f) { union { float f; u32 u; } x; x.f = f; return x.u; }
static inline float bitsf(u32 u) { union { float f; u32 u; } x; x.u = u; return x.f; }
#endif
