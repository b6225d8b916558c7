/* CO-RE against the running kernel: every value comes from a relocation
   that libbpf resolves with /sys/kernel/btf/vmlinux.  core.exp checks the
   words of `out' against the kernel's BTF and against clang's build.  */
/* bpfs-flags: -D__TARGET_ARCH_x86 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

int out[16];

SEC("syscall")
int core_kernel(void *ctx)
{
  struct task_struct *t = (void *) 0;
  struct sock *sk = (void *) 0;

  out[0] = bpf_core_field_offset(struct task_struct, pid);
  out[1] = bpf_core_field_size(struct task_struct, pid);
  out[2] = bpf_core_field_exists(struct task_struct, pid);
  out[3] = bpf_core_type_size(struct task_struct);
  out[4] = bpf_core_type_exists(struct task_struct);
  out[5] = bpf_core_enum_value(enum bpf_map_type, BPF_MAP_TYPE_RINGBUF);
  out[6] = bpf_core_enum_value_exists(enum bpf_map_type, BPF_MAP_TYPE_RINGBUF);
  out[7] = bpf_core_type_id_kernel(struct task_struct);
  out[8] = bpf_core_field_offset(sk->__sk_common.skc_family);
  out[9] = bpf_core_field_size(sk->__sk_common.skc_family);
  out[10] = bpf_core_field_offset(struct task_struct, tgid);
  out[11] = bpf_core_field_exists(t->real_parent);
  out[12] = bpf_core_type_size(struct file);
  out[13] = bpf_core_field_offset(struct file, f_flags);
  out[14] = bpf_core_type_id_local(struct task_struct) > 0;
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
