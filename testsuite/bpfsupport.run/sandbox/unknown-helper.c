/* A helper bpf-run does not implement.  */
/// ARGS: --data-hex @UDP
/// ERROR: unknown helper 60 \(bpf_msg_redirect_map\)
#include "../progs/common.h"

static long (*msg_redirect_map)(void *, void *, __u32, __u64) = (void *)60;
SEC("xdp")
int f(struct xdp_md *ctx)
{
  return msg_redirect_map(ctx, 0, 0, 0);
}
