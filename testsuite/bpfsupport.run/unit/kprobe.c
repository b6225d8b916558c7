/* kprobe: pt_regs from --arg values (PARM1..5 = di, si, dx, cx, r8).  */
#include "../progs/common.h"
#include <linux/ptrace.h>
#include <bpf/bpf_tracing.h>

SEC("kprobe/do_sys_open")
int kp(struct pt_regs *regs)
{
  __u64 pid = bpf_get_current_pid_tgid();
  char comm[16];
  bpf_get_current_comm(comm, sizeof comm);
  bpf_printk("args %ld %ld %ld comm %s", PT_REGS_PARM1(regs), PT_REGS_PARM2(regs), PT_REGS_PARM3(regs), comm);
  return (int)(PT_REGS_PARM1(regs) * 100 + PT_REGS_PARM2(regs) * 10 + PT_REGS_PARM3(regs) + (pid >> 32) + (__u32)pid);
}
