/* bench-native.c - the same workloads as bench.bpf.c, natively (gcc -O2):
   prints "NAME RESULT NANOSECONDS" for each.  */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kernels.h"

static unsigned char data[DATA_SIZE];
static unsigned long long copy_dst[DATA_SIZE / 8];

static void fill(void)
{
  for (unsigned i = 0; i < DATA_SIZE; i++)
    data[i] = (unsigned char)((i * 2654435761u) >> 13);
}

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

/* keep the compiler from hoisting work out of the timing loop */
static volatile unsigned long long sink;

int main(int argc, char **argv)
{
  int reps = argc > 1 ? atoi(argv[1]) : 20;
  const char *names[] = { "bench_int", "bench_hash", "bench_branch", "bench_copy" };
  for (int b = 0; b < 4; b++)
    {
      double best = 1e30;
      unsigned long long v = 0;
      for (int r = 0; r < reps; r++)
        {
          double t0 = now();
          fill();
          switch (b)
            {
            case 0: v = 1; for (unsigned i = 0; i < NCHUNK * 4; i++) v = k_int(v, i); break;
            case 1: v = 2166136261u; for (unsigned i = 0; i < NCHUNK * 4; i++) v = k_hash((unsigned)v, data + (i & (NCHUNK - 1)) * CHUNK); break;
            case 2: v = 0; for (unsigned i = 0; i < NCHUNK * 4; i++) v = k_branch((unsigned)v, data + (i & (NCHUNK - 1)) * CHUNK); break;
            case 3: v = 0; for (unsigned i = 0; i < NCHUNK * 4; i++) v = k_copy((unsigned)v, copy_dst + (i & (NCHUNK - 1)) * (CHUNK / 8), (const unsigned long long *)data + (i & (NCHUNK - 1)) * (CHUNK / 8)); break;
            }
          double t = now() - t0;
          sink = v;
          if (t < best)
            best = t;
        }
      printf("%s %d %.0f\n", names[b], (int)v, best);
    }
  return 0;
}
