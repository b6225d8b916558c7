/* raw tracepoint: arguments as an array of u64 (ctx_in).  */
/// ARGS: --ctx-hex 0700000000000000feffffffffffffff2a00000000000000
#include "common.h"

__u64 seen[3];

SEC("raw_tp/sys_enter")
int rt(__u64 *args)
{
  seen[0] = args[0];
  seen[1] = args[1];
  seen[2] = args[0] * args[2];
  return (int)(args[0] + args[1] + args[2]);
}
