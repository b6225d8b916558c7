/* syscall program exercising prandom (seeded), time, task identity,
   printk formats, .kconfig and ring buffer records.  */
#include "../progs/common.h"

extern int CONFIG_HZ __attribute__((section(".kconfig")));
extern _Bool CONFIG_BPF_SYSCALL __attribute__((section(".kconfig")));
struct { __uint(type, BPF_MAP_TYPE_RINGBUF); __uint(max_entries, 4096); } rb SEC(".maps");

SEC("syscall")
int feat(void *ctx)
{
  __u32 a = bpf_get_prandom_u32(), b = bpf_get_prandom_u32();
  __u64 t = bpf_ktime_get_ns();
  __u64 ug = bpf_get_current_uid_gid();
  bpf_printk("rand %u %u hz %d sys %d", a, b, CONFIG_HZ, CONFIG_BPF_SYSCALL);
  bpf_printk("uid %u gid %u t>0 %d", (__u32)ug, (__u32)(ug >> 32), t > 0);
  bpf_printk("fmt [%5d] [%-4x] [%08llx] [%c]", -42, 0xab, 0x1234ull, 'Z');
  __u64 rec = 0x1122334455667788ull;
  bpf_ringbuf_output(&rb, &rec, sizeof rec, 0);
  return a == b;
}
