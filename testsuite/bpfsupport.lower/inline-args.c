/* A static __always_inline function with seven arguments is not rejected
   (GCC checks the argument count while gimplifying every function, before
   inlining); the inlined result runs in the kernel.  */
/* { dg-do assemble } */
/* { dg-final { object-no-undefined } } */
/* { dg-final { kernel-run test_inline_args 0x3 } } */
#include "lower-test.h"

static __attribute__ ((always_inline)) inline long
mix7 (long a, long b, long c, long d, long e, long f, int g)
{
  return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g;
}

struct pair { long x, y; };

static __attribute__ ((always_inline)) inline long
mix_struct (struct pair p, long a, long b, long c, long d, long e)
{
  return p.x - p.y + a + b + c + d + e;
}

SEC ("syscall")
int test_inline_args (void *ctx)
{
  CHECK_START;
  long one = OPAQUE (1L);
  CHECK (mix7 (one, one, one, one, one, one, 1) == 28);             /* 0 */
  struct pair p = { OPAQUE (10L), 3 };
  CHECK (mix_struct (p, one, one, one, one, -one) == 10);           /* 1 */
  CHECK_END;
}
