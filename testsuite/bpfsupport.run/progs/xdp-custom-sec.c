/* XDP: custom .data.* and .rodata.* sections.  */
/// ARGS: --data-hex @UDP --repeat 2
#include "common.h"

int hits SEC(".data.hits") = 100;
__u32 table[4] SEC(".data.table") = { 1, 2, 3, 4 };
const volatile int limit SEC(".rodata.cfg") = 7;
SEC("xdp")
int c(struct xdp_md *ctx)
{
  hits++;
  __u32 i = (ctx->data_end - ctx->data) & 3;
  table[i] += limit;
  return hits + table[i];
}
