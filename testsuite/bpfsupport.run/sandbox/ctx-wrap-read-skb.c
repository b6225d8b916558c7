/* As ctx-wrap-read.c, for a socket filter's __sk_buff.  */
/// ARGS: --type socket --data-hex @UDP
/// ERROR: invalid read of 4 bytes at offset 4294967292 of the __sk_buff context
#include "../progs/common.h"

SEC("socket")
int f(struct __sk_buff *ctx)
{
  return *(volatile __u32 *)((char *)ctx + 0xfffffffcUL) != 0;
}
