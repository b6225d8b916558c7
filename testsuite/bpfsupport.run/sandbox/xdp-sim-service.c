/* A simulator service (sim_write, 0x7f000001) called from an XDP program:
   the services are for plain executables; the kernel knows no such
   helper and refuses the program.  */
/// ARGS: --data-hex @UDP
/// ERROR: simulator service sim_write is only for plain executables, not xdp programs
#include "../progs/common.h"

static long (*sim_write)(long fd, const void *buf, long n) = (void *)0x7f000001;
SEC("xdp")
int f(struct xdp_md *ctx)
{
  char c = 'x';
  return sim_write(1, &c, 1);
}
