/* A context field read inside __builtin_preserve_access_index, which is
   what libbpf's bpf_core_read (&dst, n, (void *) PT_REGS_PARM1 (ctx))
   expands to (elastic/ebpf's kprobe__vfs_rename).  The plugin put the
   relocated offset in a register, added it to the context pointer and
   loaded at +0: "dereference of modified ctx ptr", refused.  clang
   relocates the load itself, r3 = *(u64 *)(r1 + 0x70); so does the plugin
   now for a scalar (attrs/core.cc, rewrite_value).  Run as a syscall
   program on a pt_regs with di = 7, si = 3, relocated against the
   kernel's struct pt_regs: 73.  */
/* { dg-do assemble } */
/* { dg-final { kernel-retval "--ctx-hex 000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000003000000000000000700000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000" 73 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct pt_regs {	/* x86-64's layout: di at 112, si at 104 */
  unsigned long r15, r14, r13, r12, bp, bx, r11, r10, r9, r8;
  unsigned long ax, cx, dx, si, di, orig_ax, ip, cs, flags, sp, ss;
};

SEC("syscall") int prog (struct pt_regs *ctx)
{
  unsigned long di = (unsigned long) __builtin_preserve_access_index (ctx->di);
  unsigned long si = (unsigned long) __builtin_preserve_access_index (ctx->si);
  return (int) (di * 10 + si);
}
char LICENSE[] SEC("license") = "GPL";
