/* XDP: structs on the stack, memset, field updates.  */
/// ARGS: --data-hex @UDP
#include "common.h"

struct rec { __u8 a; __u16 b; __u32 c; __u64 d; __u8 pad[13]; };
static __attribute__((noinline)) __u64 fold(struct rec *r)
{
  __u64 s = r->a + r->b + r->c + r->d;
  for (int i = 0; i < 13; i++)
    s = s * 7 + r->pad[i];
  return s;
}
SEC("xdp")
int st(struct xdp_md *ctx)
{
  struct rec r;
  __builtin_memset(&r, 0, sizeof r);
  r.a = 200; r.b = 60000; r.c = ctx->data_end - ctx->data; r.d = 1ull << 40;
  r.pad[3] = 9; r.pad[12] = 250;
  return (int)fold(&r);
}
