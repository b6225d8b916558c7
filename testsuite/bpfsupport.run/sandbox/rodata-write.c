/* Writing to .rodata.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid write of 4 bytes at 0x[0-9a-f]+: global data .\.rodata. is read-only
#include "../progs/common.h"

const volatile int limit = 5;
SEC("xdp")
int f(struct xdp_md *ctx)
{
  int *volatile p = (int *)&limit;
  *p = 7;
  return limit;
}
