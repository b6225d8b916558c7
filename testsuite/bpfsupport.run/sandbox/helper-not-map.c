/* A helper given a scalar instead of a map.  */
/// ARGS: --data-hex @UDP
/// ERROR: 0x2a is not a map
#include "../progs/common.h"

SEC("xdp")
int f(struct xdp_md *ctx)
{
  __u32 k = 0;
  return bpf_map_lookup_elem((void *)42, &k) != 0;
}
