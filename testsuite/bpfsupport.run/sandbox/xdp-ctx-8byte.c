/* An 8-byte read across two xdp_md fields (rx_queue_index and
   egress_ifindex): the kernel allows only 4-byte reads of the context's
   fields and refuses the program; bpf-run ran it.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 8 bytes at offset 16 of the xdp_md context
#include "../progs/common.h"

SEC("xdp")
int f(struct xdp_md *ctx)
{
  return *(volatile __u64 *)((char *)ctx + 16) != 0;
}
