/* A naked socket filter, as the kernel's verifier selftests write them: a
   map lookup and store written in asm with __imm/__imm_addr operands.  The
   object holds exactly the asm's instructions (one exit, no compiler code;
   GCC alone warned "attribute ignored" and added code around it), and it
   runs: bpf-run and the kernel return 3 and the helper is called once.  */
/* { dg-do run } */
/* { dg-final { scan-assembler-times "exit" 1 } } */
/* { dg-final { object-calls "1" } } */
/* { dg-final { run-calls "--data-hex 00112233445566778899aabbccdd00" "bpf_map_lookup_elem" } } */
/* { dg-final { kernel-retval "--data-hex 00112233445566778899aabbccdd00" 3 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
  __uint (type, BPF_MAP_TYPE_ARRAY);
  __uint (max_entries, 1);
  __type (key, int);
  __type (value, long);
} m SEC(".maps");

SEC("socket") __attribute__((naked)) int
prog (struct __sk_buff *skb)
{
  asm volatile ("r1 = 0\n"
		"*(u32 *)(r10 - 4) = r1\n"
		"r2 = r10\n"
		"r2 += -4\n"
		"r1 = %[m] ll\n"
		"call %[bpf_map_lookup_elem]\n"
		"if r0 == 0 goto 1f\n"
		"r1 = 42\n"
		"*(u64 *)(r0 + 0) = r1\n"
		"1:\n"
		"r0 = 3\n"
		"exit\n"
		:
		: [m] "i" (&m), [bpf_map_lookup_elem] "i" (bpf_map_lookup_elem)
		: "memory");
}

char LICENSE[] SEC("license") = "GPL";
