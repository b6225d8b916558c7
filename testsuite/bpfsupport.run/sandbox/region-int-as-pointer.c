/* An integer of the form region << 32 read that region (here the first
   map or .rodata).  Integers are not pointers: 0x200000000 names no
   region.  */
/// ARGS: --data-hex @UDP
/// ERROR: invalid read of 8 bytes at 0x200000000: unmapped
#include "../progs/common.h"

struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 1); __type(key, __u32); __type(value, __u64); } a SEC(".maps");
const volatile __u64 secret = 0x1234;
SEC("xdp")
int f(struct xdp_md *ctx)
{
  unsigned long p = 0x200000000UL;
  asm volatile("" : "+r"(p));
  return *(volatile __u64 *)p + secret;
}
