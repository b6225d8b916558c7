/* spin.c - loops until the debugger sets `stop' (Ctrl-C, set var).  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

volatile int stop;
volatile unsigned long long spins;

SEC("xdp")
int prog(struct xdp_md *ctx)
{
  while (!stop)
    spins++;
  return XDP_DROP;
}

char _license[] SEC("license") = "GPL";
