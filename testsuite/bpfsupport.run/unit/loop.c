/* A counting loop for --trace, --repeat and --json insns checks.  */
#include "../progs/common.h"

int runs;

SEC("xdp")
int lp(struct xdp_md *ctx)
{
  int s = 0;
  for (volatile int i = 0; i < 3; i++)
    s += i;
  runs++;
  return s + runs;
}
