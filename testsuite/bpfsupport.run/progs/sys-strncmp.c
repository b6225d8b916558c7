/* syscall: bpf_strncmp against a constant string.  */
/// ARGS: --ctx-hex 68656c6c6f00000000000000
/// ARGS: --ctx-hex 68656c7000000000000000
#include "common.h"

SEC("syscall")
int sn(char *s)
{
  char local[8];
  __builtin_memcpy(local, s, 8);
  return bpf_strncmp(local, 8, "hello");
}
