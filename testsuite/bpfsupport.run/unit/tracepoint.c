/* tracepoint: the raw record from --ctx.  */
#include "../progs/common.h"

struct rec { __u64 common; long id; unsigned long args[6]; };

SEC("tracepoint/syscalls/sys_enter_openat")
int tp(struct rec *r)
{
  return (int)(r->id * 1000 + r->args[1]);
}
