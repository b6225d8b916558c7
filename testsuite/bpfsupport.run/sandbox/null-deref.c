/* Reading through NULL.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 4 bytes at 0: NULL pointer at pc [0-9]+ in function f \(null-deref.c:[0-9]+\)
#include "../progs/common.h"

SEC("xdp")
int f(struct xdp_md *ctx)
{
  volatile int *p = 0;
  return *p;
}
