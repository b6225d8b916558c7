/* LD_ABS in an XDP program: the kernel allows legacy packet loads only
   in socket filters and tc programs; bpf-run ran it.  */
/// ARGS: --data-hex @UDP
/// ERROR: BPF_LD_ABS and BPF_LD_IND are not allowed in xdp programs
#include "../progs/common.h"

unsigned long long load_byte(void *skb, unsigned long long off) asm("llvm.bpf.load.byte");
SEC("xdp")
int f(struct xdp_md *ctx)
{
  return load_byte(ctx, 12);
}
