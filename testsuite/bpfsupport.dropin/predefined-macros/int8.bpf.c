/* int8_t from GCC's own <stdint.h> (-ffreestanding), beside the typedef
   glibc's bits/stdint-intn.h writes: bpf-gcc's __INT8_TYPE__ was `char',
   and GCC stopped at "conflicting types for 'int8_t'".  clang's and
   glibc's int8_t is signed char, and it is signed: 1 | 2 | 8 | 16.  */
#include <stdint.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

typedef signed char int8_t;

volatile int all_ones = 0xff;

SEC("xdp") int int8(struct xdp_md *ctx)
{
	int8_t v = (int8_t) all_ones;
	int r = v < 0;
	r |= _Generic ((int8_t) 0, signed char: 2, char: 4, default: 0);
	r |= (INT8_MIN < 0) << 3;
	r |= (sizeof (__INT8_FMTd__) == 4) << 4;
	return r;
}

char LICENSE[] SEC("license") = "GPL";
