/* syscall: iterative Fibonacci with 64-bit wrap-around.  */
/// ARGS: --ctx-hex 5a000000
/// ARGS: --ctx-hex 0a000000
#include "common.h"

SEC("syscall")
int fib(__u32 *n)
{
  __u64 a = 0, b = 1;
  __u32 k = *n;
  for (__u32 i = 0; i < k && i < 200; i++)
    {
      __u64 t = a + b;
      a = b;
      b = t;
    }
  return (int)(a ^ (a >> 32));
}
