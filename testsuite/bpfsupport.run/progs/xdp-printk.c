/* XDP: bpf_printk (trace_printk) returns the number of bytes.  */
/// ARGS: --data-hex @UDP
#include "common.h"

SEC("xdp")
int pk(struct xdp_md *ctx)
{
  int len = ctx->data_end - ctx->data;
  long n = bpf_printk("len %d proto %x\n", len, 17);
  return n;
}
