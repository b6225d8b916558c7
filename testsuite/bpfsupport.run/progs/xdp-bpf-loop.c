/* XDP: bpf_loop with a callback and a context.  */
/// ARGS: --data-hex @UDP
#include "common.h"

struct lctx { __u64 acc; __u32 stop; };
static int step(__u32 i, void *c)
{
  struct lctx *l = c;
  l->acc = l->acc * 3 + i;
  return i == l->stop;
}
SEC("xdp")
int lp(struct xdp_md *ctx)
{
  struct lctx l = { 1, 20 };
  long n = bpf_loop(100, step, &l, 0);
  return (int)(l.acc ^ (n << 24));
}
