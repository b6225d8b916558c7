/* XDP: the clock goes forward.  */
/// ARGS: --data-hex @UDP
#include "common.h"

SEC("xdp")
int kt(struct xdp_md *ctx)
{
  __u64 a = bpf_ktime_get_ns();
  __u64 b = bpf_ktime_get_ns();
  __u64 c = bpf_ktime_get_boot_ns();
  return (b >= a) + (c > 0) * 2 + (bpf_get_smp_processor_id() == 0) * 4;
}
