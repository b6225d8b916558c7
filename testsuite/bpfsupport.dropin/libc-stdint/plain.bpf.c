/* <stdint.h> alone, without a gnu/stubs.h of the program's own: glibc's
   headers cannot be read for BPF (gnu/stubs-32.h), so bpf-gcc keeps its
   own freestanding <stdint.h> and this builds as before.  */
#include <stdint.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int64_t out[2];

SEC("syscall")
int plain_stdint(void *ctx)
{
  out[0] = sizeof(int64_t);
  out[1] = (int8_t) -1;
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
