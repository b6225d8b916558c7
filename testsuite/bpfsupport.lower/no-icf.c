/* Identical functions stay distinct: GCC's identical code folding (-O2,
   -Os) made two identical global functions one symbol with two names
   (libbpf: "missing .BTF.ext function info") and, at -Os, two identical
   programs one program calling the other (libbpf: "bad call relo against
   'icf_prog_a' in section 'syscall'").  Every program of the object is
   loaded by kernel-run; each runs and gives its own result.  */
/* { dg-do assemble } */
/* { dg-final { kernel-run icf_prog_a 0x1f 5.14 all } } */
/* { dg-final { kernel-run icf_prog_b 0x1f 5.14 all } } */
#include "lower-test.h"

int icf_total;

static __attribute__ ((noinline)) int
icf_global_1 (int x)
{
  icf_total += x * 3;
  return icf_total + 7;
}

static __attribute__ ((noinline)) int
icf_global_2 (int x)
{
  icf_total += x * 3;
  return icf_total + 7;
}

SEC ("syscall")
int
icf_prog_a (void *ctx)
{
  CHECK_START;
  icf_total = 0;
  CHECK (icf_global_1 (OPAQUE (1)) == 10);
  CHECK (icf_global_2 (OPAQUE (2)) == 16);
  CHECK (icf_total == 9);
  CHECK (icf_global_1 (OPAQUE (0)) == 16);
  CHECK (icf_global_2 (OPAQUE (-3)) == 7);
  CHECK_END;
}

SEC ("syscall")
int
icf_prog_b (void *ctx)
{
  CHECK_START;
  icf_total = 0;
  CHECK (icf_global_1 (OPAQUE (1)) == 10);
  CHECK (icf_global_2 (OPAQUE (2)) == 16);
  CHECK (icf_total == 9);
  CHECK (icf_global_1 (OPAQUE (0)) == 16);
  CHECK (icf_global_2 (OPAQUE (-3)) == 7);
  CHECK_END;
}
