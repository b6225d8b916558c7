/* CO-RE relocations through const- and volatile-qualified pointers start
   from the struct itself, as clang records them: a record against a CONST
   made libbpf refuse the whole object ("target candidate search failed
   for [N] const").  From the kernel's selftests: `const struct task_struct
   *t = prev; t->pid' and BPF_CORE_READ (hdr, f) with a const hdr.  Run in
   the kernel: the values read are the current task's.  */
/* { dg-do assemble } */
/* { dg-final { kernel-run test_const_root 0xf } } */
#include "lower-test.h"
#include <bpf/bpf_core_read.h>

struct task_struct
{
  int pid;
  int tgid;
} __attribute__ ((preserve_access_index));

SEC ("syscall")
int
test_const_root (void *ctx)
{
  CHECK_START;
  unsigned long id = bpf_get_current_pid_tgid ();
  const struct task_struct *t = (void *) bpf_get_current_task ();
  const volatile struct task_struct *v = t;
  int pid = 0, tgid = 0;
  bpf_probe_read_kernel (&pid, sizeof pid, &t->pid);
  bpf_probe_read_kernel (&tgid, sizeof tgid, (const void *) &v->tgid);
  CHECK (pid == (int) (__u32) id);
  CHECK (tgid == (int) (id >> 32));
  CHECK (BPF_CORE_READ (t, pid) == (int) (__u32) id);
  CHECK (BPF_CORE_READ (v, tgid) == (int) (id >> 32));
  CHECK_END;
}
