/* syscall: nested structs, unions and bitfields.  */
/// ARGS: --ctx-hex 0102030405060708090a0b0c0d0e0f10
#include "common.h"

struct in { __u8 a : 3, b : 5; __u16 c; union { __u32 w; __u8 bytes[4]; } u; __u64 d; };
static __attribute__((noinline)) __u64 walk(struct in *p)
{
  return p->a + p->b * 10 + p->c * 100 + p->u.bytes[2] * 1000 + p->u.w + p->d;
}
SEC("syscall")
int ns(struct in *p)
{
  struct in copy = *p;
  copy.b = 31;
  copy.u.bytes[0] ^= 0xff;
  return (int)(walk(&copy) ^ (walk(&copy) >> 32));
}
