/* XDP: packet length from data/data_end.  */
/// ARGS: --data-hex @UDP
/// ARGS: --data-hex @TCP
/// ARGS: --data-hex @ARP
#include "common.h"

SEC("xdp")
int len(struct xdp_md *ctx) { return ctx->data_end - ctx->data; }
