/* bench.bpf.c - benchmark programs for bench-run (syscall programs, so
   the kernel's BPF_PROG_TEST_RUN can run them too).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "kernels.h"

char LICENSE[] SEC("license") = "GPL";

unsigned char data[DATA_SIZE];
unsigned long long copy_dst[DATA_SIZE / 8];
unsigned long long result;

static int fill_cb(unsigned i, void *c)
{
  unsigned idx = i & (DATA_SIZE - 1);
  data[idx] = (unsigned char)((idx * 2654435761u) >> 13);
  return 0;
}
static void fill(void)
{
  bpf_loop(DATA_SIZE, fill_cb, 0, 0);
}

struct acc { unsigned long long v; };

static int int_cb(unsigned i, struct acc *a) { a->v = k_int(a->v, i); return 0; }
SEC("syscall")
int bench_int(void *ctx)
{
  struct acc a = { 1 };
  bpf_loop(NCHUNK * 4, int_cb, &a, 0);
  result = a.v;
  return (int)a.v;
}

static int hash_cb(unsigned i, struct acc *a)
{
  unsigned off = (i & (NCHUNK - 1)) * CHUNK;
  if (off > DATA_SIZE - CHUNK)
    return 1;
  a->v = k_hash((unsigned)a->v, data + off);
  return 0;
}
SEC("syscall")
int bench_hash(void *ctx)
{
  fill();
  struct acc a = { 2166136261u };
  bpf_loop(NCHUNK * 4, hash_cb, &a, 0);
  result = a.v;
  return (int)a.v;
}

static int branch_cb(unsigned i, struct acc *a)
{
  unsigned off = (i & (NCHUNK - 1)) * CHUNK;
  if (off > DATA_SIZE - CHUNK)
    return 1;
  a->v = k_branch((unsigned)a->v, data + off);
  return 0;
}
SEC("syscall")
int bench_branch(void *ctx)
{
  fill();
  struct acc a = { 0 };
  bpf_loop(NCHUNK * 4, branch_cb, &a, 0);
  result = a.v;
  return (int)a.v;
}

static int copy_cb(unsigned i, struct acc *a)
{
  unsigned off = (i & (NCHUNK - 1)) * (CHUNK / 8);
  if (off > DATA_SIZE / 8 - CHUNK / 8)
    return 1;
  a->v = k_copy((unsigned)a->v, copy_dst + off, (const unsigned long long *)data + off);
  return 0;
}
SEC("syscall")
int bench_copy(void *ctx)
{
  fill();
  struct acc a = { 0 };
  bpf_loop(NCHUNK * 4, copy_cb, &a, 0);
  result = a.v;
  return (int)a.v;
}
