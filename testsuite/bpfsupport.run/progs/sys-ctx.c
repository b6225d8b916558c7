/* syscall: read and write the context buffer.  */
/// ARGS: --ctx-hex 0500000007000000ffffffff0000000000000000
/// ARGS: --ctx-hex 1e00000003000000020000000000000000000000
#include "common.h"

struct args { int a, b, c; __u32 out; __u32 pad; };
SEC("syscall")
int sc(struct args *x)
{
  x->out = x->a * x->b + x->c;
  return x->out + 1;
}
