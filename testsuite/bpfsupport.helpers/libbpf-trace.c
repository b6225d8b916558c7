/* The acceptance program: map lookup and update, bpf_get_current_comm
   with a size equal to its own helper number (16), bpf_printk, and
   bpf_get_current_pid_tgid called twice.  */
/* { dg-do run } */
/* { dg-final { object-calls "14 16 1 2 14 6" } } */
/* { dg-final { object-no-undefined } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __uint(max_entries, 64);
  __type(key, __u32);
  __type(value, __u64);
} counts SEC(".maps");

SEC("tracepoint/syscalls/sys_enter_openat")
int on_open(void *ctx)
{
  char comm[16];
  __u32 pid = bpf_get_current_pid_tgid() >> 32;
  __u64 one = 1, *v;

  bpf_get_current_comm(comm, 16);
  v = bpf_map_lookup_elem(&counts, &pid);
  if (v)
    *v += 1;
  else
    bpf_map_update_elem(&counts, &pid, &one, BPF_ANY);
  bpf_printk("open by %s %u", comm, (__u32) bpf_get_current_pid_tgid());
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
