/* syscall: arrays of structs in .bss and .data.  */
/// ARGS: --ctx-hex 09000000
#include "common.h"

struct item { __u16 id; __u8 flag; __u64 val; };
struct item items[8];
int weights[8] = { 8, 7, 6, 5, 4, 3, 2, 1 };
SEC("syscall")
int ba(__u32 *seed)
{
  __u32 s = *seed;
  for (int i = 0; i < 8; i++)
    {
      s = s * 1103515245 + 12345;
      items[i].id = i;
      items[i].flag = s >> 31;
      items[i].val = (__u64)s * weights[i];
    }
  __u64 t = 0;
  for (int i = 0; i < 8; i++)
    if (items[i].flag)
      t += items[i].val;
  return (int)t;
}
