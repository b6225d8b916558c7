/* CO-RE field queries on a null pointer's array member (core-null-base.exp),
   as production code writes them for clang:
   bpf_core_field_exists(((struct T *)0)->arr).  GCC 12 folds the decayed
   array's address to a constant before the plugin sees the call; bpf-cc
   compiles the file again with a base GCC does not fold
   (runtime/cc/core-bases.c).  Each result is a bit of the return value,
   relocated against the running kernel's task_struct.  */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

/* A flavour of task_struct with an array member the kernel does not have. */
struct task_struct___gone {
	int no_such_array[4];
	char comm[16];
};

SEC("syscall") int prog(void *ctx)
{
	int r = 0;

	if (bpf_core_field_exists(((struct task_struct *)0)->comm))
		r |= 1;
	if (bpf_core_field_exists(struct task_struct, comm))
		r |= 2;
	if (!bpf_core_field_exists(((struct task_struct___gone *)0)->no_such_array))
		r |= 4;
	if (bpf_core_field_exists(((struct task_struct___gone *)0)->comm))
		r |= 8;
	r |= bpf_core_field_size(((struct task_struct *)0)->comm) << 8;
	return r;
}
char LICENSE[] SEC("license") = "GPL";
