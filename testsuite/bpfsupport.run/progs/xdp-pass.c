/* XDP: the smallest program.  */
/// ARGS: --data-hex @UDP
#include "common.h"

SEC("xdp")
int pass(struct xdp_md *ctx) { return XDP_PASS; }
