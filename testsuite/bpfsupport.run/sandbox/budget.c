/* An endless loop stops at the instruction budget.  */
/// ARGS: --data-hex @UDP --max-insns 100000
/// ERROR: instruction budget of 100000 exhausted
#include "../progs/common.h"

SEC("xdp")
int f(struct xdp_md *ctx)
{
  volatile int x = 1;
  while (x)
    ;
  return 0;
}
