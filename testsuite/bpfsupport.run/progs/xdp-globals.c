/* XDP: .data, .bss and .rodata globals.  */
/// ARGS: --data-hex @UDP --repeat 2
#include "common.h"

int counter = 10;
__u64 total;
const int factor = 3;
const char tag[8] = "abcdefg";
struct pair { int a, b; } pairs[4] = { { 1, 2 }, { 3, 4 } };
SEC("xdp")
int g(struct xdp_md *ctx)
{
  counter += factor;
  total += ctx->data_end - ctx->data;
  pairs[2].a = counter;
  pairs[3].b = tag[2];
  return counter + tag[1];
}
