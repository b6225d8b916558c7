/* A fault inside a bpf_loop callback is reported at the callback's
   instruction and line: the message named the helper call in the caller
   (issue 20, item 7's follow-up), which points a user at the wrong code.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 8 bytes at 0x[0-9a-f]+: outside stack of frame 0 .* at pc [0-9]+ in function body \(callback-fault-line.c:16\)
#include "../progs/common.h"

struct loop_ctx { long *p; long sum; };

static int body(__u32 i, void *data)
{
  struct loop_ctx *c = data;
  if (i == 3)
    {
      long *far = c->p + 100000;
      return *(volatile long *)far;
    }
  c->sum += i;
  return 0;
}

SEC("xdp")
int f(struct xdp_md *ctx)
{
  long v = 0;
  struct loop_ctx c = { &v, 0 };
  bpf_loop(10, body, &c, 0);
  return c.sum;
}
