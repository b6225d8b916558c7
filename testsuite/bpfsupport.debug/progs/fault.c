/* fault.c - reads past the end of the packet (the debugger stops there).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

static __attribute__((noinline)) int peek(unsigned char *p, int off)
{
  return p[off];
}

SEC("xdp")
int prog(struct xdp_md *ctx)
{
  unsigned char *data = (unsigned char *)(long)ctx->data;
  int v = peek(data, 1000);
  return v & 3;
}

char _license[] SEC("license") = "GPL";
