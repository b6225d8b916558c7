/* A context offset near 2^32: OFF + SIZE wrapped to 0 in a 32-bit bounds
   check, and the store reached host memory before the context (a sandbox
   escape).  The check is done in 64 bits: the store is refused.  */
/// ARGS: --type tc --data-hex @UDP
/// ERROR: invalid write of 8 bytes at offset 4294967288 of the __sk_buff context
#include "../progs/common.h"

SEC("tc")
int f(struct __sk_buff *ctx)
{
  *(volatile __u64 *)((char *)ctx + 0xfffffff8UL) = 0x4141414141414141ULL;
  return 0;
}
