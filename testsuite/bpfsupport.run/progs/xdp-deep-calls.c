/* XDP: a chain of calls seven frames deep.  */
/// ARGS: --data-hex @UDP
#include "common.h"

static __attribute__((noinline)) int f6(int x) { return x * 3 + 1; }
static __attribute__((noinline)) int f5(int x) { return f6(x + 1) * 2; }
static __attribute__((noinline)) int f4(int x) { return f5(x ^ 5) + 7; }
static __attribute__((noinline)) int f3(int x) { return f4(x - 3) - x; }
static __attribute__((noinline)) int f2(int x) { return f3(x * 2) + 11; }
static __attribute__((noinline)) int f1(int x) { return f2(x + 9); }
SEC("xdp")
int dc(struct xdp_md *ctx) { return f1(ctx->data_end - ctx->data); }
