/* Shared by the flow-*.c tests: two helpers whose results tell them apart
   in the kernel (bpf_ktime_get_ns is the uptime in ns, far above 2^20;
   bpf_get_smp_processor_id a CPU number, below it) and in bpf-run (whose
   clock starts at 1 s).  The program's return value says which ran:
   1 for ktime, 2 for the CPU number.  A socket filter's skb->len is the
   packet less its 14-byte Ethernet header: LONG gives 20, SHORT 1.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

static long (*ktime) (void) __attribute__((kernel_helper(5)));
static long (*cpu) (void) __attribute__((kernel_helper(8)));
#define CLASSIFY(r) ((r) >= 0x100000 ? 1 : 2)

char LICENSE[] SEC("license") = "GPL";
