/* 8-byte enums are BTF ENUM64, as clang 15 and later write them: in a
   32-bit ENUM the plugin cut their values (PERF_CONTEXT_KERNEL,
   (__u64)-128, became 0xffffff80), so a CO-RE enumerator relocation
   against the kernel's ENUM64 failed (libbpf checks the value in the
   instruction against the local BTF's) and bpftool's skeletons showed
   the cut values.  The local enum gives PERF_CONTEXT_KERNEL another value
   (-127), and PERF_CONTEXT_HV one that fits 32 bits (7); the relocations
   must bring the running kernel's -128 and -32, and the local-only
   enumerator of an 8-byte enum keeps its 64-bit value.  Run in the
   kernel.  */
/* { dg-do assemble } */
/* { dg-final { kernel-run test_enum64 0x7 } } */
#include "lower-test.h"
#include <bpf/bpf_core_read.h>

enum perf_callchain_context___local
{
  PERF_CONTEXT_HV = 7,
  PERF_CONTEXT_KERNEL = (__u64) -127,
};

enum local_only
{
  BIG = 0x123456789ULL,
};

volatile enum local_only big = BIG;

SEC ("syscall")
int
test_enum64 (void *ctx)
{
  CHECK_START;
  __u64 kernel = bpf_core_enum_value (enum perf_callchain_context___local, PERF_CONTEXT_KERNEL);
  __u64 hv = bpf_core_enum_value (enum perf_callchain_context___local, PERF_CONTEXT_HV);
  CHECK (kernel == (__u64) -128);
  CHECK (hv == (__u64) -32);
  CHECK (big == 0x123456789ULL);
  CHECK_END;
}
