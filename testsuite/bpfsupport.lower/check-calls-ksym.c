/* Kfuncs declared `extern ... __ksym' (libbpf's section(".ksyms")) are
   accepted without allow-extern-calls: the call is relocated against the
   extern, whose BTF is an extern FUNC in the .ksyms DATASEC, as clang
   emits it, and libbpf resolves it against the kernel's BTF.  The program
   runs in the kernel (bpf_rcu_read_lock/unlock exist since 6.2).  Calls to
   other undefined functions stay errors (check-calls.c).  */
/* { dg-do run } */
/* { dg-options "-g" } */
/* { dg-final { object-calls "sym:bpf_rcu_read_lock sym:bpf_rcu_read_unlock" } } */
/* { dg-final { kernel-retval "" 7 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern void bpf_rcu_read_lock (void) __ksym;
extern void bpf_rcu_read_unlock (void) __ksym;
int calls;

SEC("syscall") int
prog (void *ctx)
{
  bpf_rcu_read_lock ();
  calls++;
  bpf_rcu_read_unlock ();
  return 7;
}

char LICENSE[] SEC("license") = "GPL";
