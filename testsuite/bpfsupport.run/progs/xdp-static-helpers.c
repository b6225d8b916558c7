/* XDP: static helpers clang -O2 inlines and the kernel could not call as
   GCC compiled them: one returning a struct in memory (GCC returns the
   caller's stack slot in r0: "cannot return stack pointer to the
   caller"), one with six arguments ("too many function arguments for
   eBPF" at its definition).  Both are inlined now (verifier-inline.cc,
   lower-inline-args.cc); found by random programs (issue 30).  */
/// ARGS: --data-hex @UDP
#include "common.h"

struct big { long a, b, c; };
static volatile long g = 3;
static struct big make(long x)
{
  struct big r = { x, x + 1, x + 2 };
  for (int i = 0; i < 3; i++) r.a += g;     /* big enough that GCC does not inline it */
  r.b ^= g << 3; r.c -= g * 7; r.a += r.b * r.c;
  return r;
}
static long six(long a, long b, long c, long d, long e, long f)
{
  long r = a * 1 + b * 2 + c * 3 + d * 4 + e * 5 + f * 6;
  for (int i = 0; i < 3; i++) r ^= g << i;
  return r;
}
SEC("xdp") int helpers(struct xdp_md *ctx)
{
  struct big s = make(g), t = make(g + 1);
  return (int)(s.a + s.b + s.c + t.a + t.b + t.c + six(g, 2, 3, 4, 5, g) + six(1, g, 3, g, 5, 6));
}
