/* Linked with every corpus program by `bpftool gen object' (libbpf's
   static linker): its own map, a global subprogram, a .data and a .bss
   variable, and a kconfig extern shared with the other object.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, __u64);
} companion_hits SEC(".maps");

__u64 companion_total = 1;
__u32 companion_last;
extern int LINUX_KERNEL_VERSION __kconfig;

__noinline int companion_bump(__u32 v)
{
  __u32 k = 0;
  __u64 *p = bpf_map_lookup_elem(&companion_hits, &k);
  if (p)
    *p += v;
  companion_last = v;
  return LINUX_KERNEL_VERSION > 0;
}

SEC("socket")
int companion_prog(struct __sk_buff *skb)
{
  companion_total += skb->len;
  return companion_bump(skb->len) ? skb->len : 0;
}
