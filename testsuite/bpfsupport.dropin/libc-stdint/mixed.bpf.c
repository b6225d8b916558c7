/* <stdint.h>, then glibc's <sys/types.h> (as <linux/if.h> pulls it in, in
   the selftests' test_cls_redirect.c).  bpf-gcc failed with "conflicting
   types for 'int8_t'" and "... 'int64_t'": its own freestanding stdint.h
   says char and long, glibc's bits/stdint-intn.h signed char and long long.
   clang takes <stdint.h> from glibc; so does bpf-gcc with the plugin now.
   out[] records which C types the typedefs are, and a few values.  */
#include <stdint.h>
#include <sys/types.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define WHICH(x) _Generic((x), char: 1, signed char: 2, int: 3, long: 4, \
			  long long: 5, unsigned long: 6, unsigned long long: 7, \
			  unsigned int: 8, default: 0)

long out[10];
volatile int seed = 200;

SEC("syscall")
int libc_stdint(void *ctx)
{
  int8_t small = (int8_t) seed;
  int64_t big = INT64_C(1) << 40;
  out[0] = WHICH((int8_t) 0);
  out[1] = WHICH((int64_t) 0);
  out[2] = WHICH((uint64_t) 0);
  out[3] = WHICH((intptr_t) 0);
  out[4] = WHICH((intmax_t) 0);
  out[5] = sizeof(int_fast16_t);
  out[6] = small;
  out[7] = big + INT8_MIN;
  out[8] = UINT32_MAX;
  out[9] = WHICH((u_int64_t) 0);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
