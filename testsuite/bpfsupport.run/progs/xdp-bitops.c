/* XDP: bit counting and scanning in loops.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

SEC("xdp")
int bo(struct xdp_md *ctx)
{
  __u64 x = (ctx->data_end - ctx->data) * 0x123456789abcdefull;
  int pop = 0, lead = 0;
  for (int i = 0; i < 64; i++)
    pop += (x >> i) & 1;
  for (int i = 63; i >= 0; i--)
    {
      if ((x >> i) & 1)
        break;
      lead++;
    }
  __u64 rev = 0;
  for (int i = 0; i < 64; i++)
    rev |= ((x >> i) & 1) << (63 - i);
  return pop * 1000 + lead * 10 + (int)(rev & 7);
}
