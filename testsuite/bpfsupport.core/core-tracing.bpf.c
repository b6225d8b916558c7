/* CO-RE in tracing programs (kprobe, tracepoint, tp_btf, raw_tp):
   BPF_CORE_READ chains through task_struct, files, inodes and sockets, bpf_core_field_exists guards, and direct reads of
   vmlinux.h types (preserve_access_index through #pragma clang attribute)
   in a BTF-typed program.  The verifier must accept every program.  */
/* bpfs-flags: -D__TARGET_ARCH_x86 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>

struct event {
  int pid, ppid;
  unsigned int flags;
  unsigned short family;
  char comm[16];
};

struct {
  __uint(type, BPF_MAP_TYPE_RINGBUF);
  __uint(max_entries, 4096);
} events SEC(".maps");

SEC("kprobe/do_unlinkat")
int BPF_KPROBE(unlink_entry, int dfd, struct filename *name)
{
  struct task_struct *task = (struct task_struct *) bpf_get_current_task();
  struct event *e = bpf_ringbuf_reserve(&events, sizeof *e, 0);
  if (!e)
    return 0;
  e->pid = BPF_CORE_READ(task, tgid);
  e->ppid = BPF_CORE_READ(task, real_parent, tgid);
  BPF_CORE_READ_STR_INTO(&e->comm, task, group_leader, comm);
  if (bpf_core_field_exists(task->mm))
    e->flags = BPF_CORE_READ(task, mm, total_vm);
  bpf_ringbuf_submit(e, 0);
  return 0;
}

SEC("kprobe/vfs_read")
int BPF_KPROBE(read_entry, struct file *file)
{
  unsigned int flags = BPF_CORE_READ(file, f_flags);
  struct inode *inode = BPF_CORE_READ(file, f_inode);
  unsigned long ino = BPF_CORE_READ(inode, i_ino);
  umode_t mode = BPF_CORE_READ(file, f_inode, i_mode);
  return (flags ^ ino ^ mode) & 1;
}

SEC("kprobe/tcp_v4_connect")
int BPF_KPROBE(connect_entry, struct sock *sk)
{
  unsigned short family = BPF_CORE_READ(sk, __sk_common.skc_family);
  unsigned int daddr = BPF_CORE_READ(sk, __sk_common.skc_daddr);
  return family == 2 && daddr != 0;
}

SEC("tp_btf/sched_switch")
int BPF_PROG(switch_btf, bool preempt, struct task_struct *prev,
             struct task_struct *next)
{
  /* Direct, relocated loads: BTF-typed pointers.  */
  return prev->pid != next->pid && next->tgid > 0;
}

SEC("raw_tp/sched_process_exec")
int BPF_PROG(exec_raw, struct task_struct *p)
{
  int pid = BPF_CORE_READ(p, pid);
  return pid > 0;
}

SEC("tp/sched/sched_process_fork")
int fork_tp(struct trace_event_raw_sched_process_fork *ctx)
{
  /* A tracepoint context from vmlinux.h (relocated context loads) and a
     CO-RE chain through the current task's files.  */
  struct task_struct *task = (struct task_struct *) bpf_get_current_task();
  unsigned int max_fds = BPF_CORE_READ(task, files, fdt, max_fds);
  return ctx->parent_pid != ctx->child_pid && max_fds > 0;
}

char LICENSE[] SEC("license") = "GPL";
