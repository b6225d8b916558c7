/* XDP: comparisons used as values and as branches, signed and unsigned,
   32 and 64 bits.  At cpu v1 bpf-gcc 12 computed `a <= b' as `a < b' and
   `a < b' as `a <= b' (its jump expansion without jlt/jle reverses the
   condition and then swaps the operands; plugin/backend-v1-branches.cc):
   this program returned 48 instead of 63 and the loops ran once more.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
#include "common.h"

static volatile __u32 g = 1;
static volatile __u64 g64 = 1;
static volatile __u32 g5 = 5;
static volatile __s64 gneg = -3;

SEC("xdp")
int cmpv(struct xdp_md *ctx)
{
  __u32 x = g; __u64 y = g64; __u32 z = g5; __s64 s = gneg;
  __u32 len = ctx->data_end - ctx->data;
  int r = 0;
  r |= (x <= 1) << 0;
  r |= (x < 2) << 1;
  r |= (y <= 1) << 2;
  r |= (z <= 5) << 3;
  r |= (1 >= x) << 4;
  if (x <= 1)
    r |= 1 << 5;
  r |= (s < -2) << 6;
  r |= (s <= -3) << 7;
  r |= (s < -3) << 8;                    /* 0 */
  r |= (len < 64) << 9;                  /* UDP: 60 bytes, TCP: 54 */
  int n = 0;
  for (__u32 i = 0; i <= z; i++)         /* 6 rounds */
    n++;
  for (__s64 i = s; i < 0; i++)          /* 3 rounds */
    n += 10;
  return r | n << 12;
}
