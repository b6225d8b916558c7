/* A kprobe with vmlinux.h types and bpf_tracing.h's BPF_KPROBE.  */
/* { dg-do run } */
/* { dg-options "-D__TARGET_ARCH_x86" } */
/* { dg-final { object-calls "1 14 6" } } */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, __u64);
} calls SEC(".maps");

SEC("kprobe/do_unlinkat")
int BPF_KPROBE(on_unlink, int dfd, struct filename *name)
{
  __u32 k = 0;
  __u64 *v = bpf_map_lookup_elem(&calls, &k);
  if (v)
    __sync_fetch_and_add(v, 1);
  bpf_printk("unlink dfd=%d pid=%d", dfd, (int)(bpf_get_current_pid_tgid() >> 32));
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
