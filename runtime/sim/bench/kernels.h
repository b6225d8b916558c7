/* kernels.h - the benchmark workloads, shared by the BPF programs
   (bench.bpf.c, run by bpf-run and the kernel) and the native build
   (bench-native.c, gcc -O2).  Each kernel processes one "chunk"; the
   drivers run NCHUNK chunks (bpf_loop in BPF, a plain loop natively).  */
#ifndef BENCH_KERNELS_H
#define BENCH_KERNELS_H

#define DATA_SIZE 65536
#define CHUNK 64
#define NCHUNK (DATA_SIZE / CHUNK)

/* integer loop: a mix of multiply, add, xor, shift */
static inline unsigned long long k_int(unsigned long long x, unsigned i)
{
  for (int k = 0; k < 64; k++)
    {
      x = x * 6364136223846793005ull + 1442695040888963407ull + i;
      x ^= x >> 29;
    }
  return x;
}

/* byte hashing: FNV-1a over one 64-byte chunk */
static inline unsigned k_hash(unsigned h, const unsigned char *p)
{
  for (int k = 0; k < CHUNK; k++)
    h = (h ^ p[k]) * 16777619u;
  return h;
}

/* branchy: data-dependent branches over one chunk */
static inline unsigned k_branch(unsigned acc, const unsigned char *p)
{
  for (int k = 0; k < CHUNK; k++)
    {
      unsigned c = p[k];
      if (c < 64)
        acc += c;
      else if (c < 128)
        acc ^= c << 3;
      else if (c & 1)
        acc = acc * 3 + 1;
      else
        acc >>= 1;
      if ((acc & 7) == 3)
        acc += 11;
    }
  return acc;
}

/* memory copy and compare: copy a chunk 8 bytes at a time, compare */
static inline unsigned k_copy(unsigned diff, unsigned long long *dst, const unsigned long long *src)
{
  for (int k = 0; k < CHUNK / 8; k++)
    dst[k] = src[k];
  for (int k = 0; k < CHUNK / 8; k++)
    diff += dst[k] != src[(k + 1) & (CHUNK / 8 - 1)];
  return diff;
}

#endif
