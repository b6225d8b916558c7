/* syscall: count primes with trial division (many div/mod).  */
/// ARGS: --ctx-hex 2c010000
#include "common.h"

SEC("syscall")
int pr(__u32 *n)
{
  __u32 lim = *n, count = 0;
  for (__u32 i = 2; i < lim && i < 300; i++)
    {
      int prime = 1;
      for (__u32 d = 2; d * d <= i && d < 18; d++)
        if (i % d == 0)
          {
            prime = 0;
            break;
          }
      count += prime;
    }
  return count;
}
