/* The CO-RE builtins in the forms libbpf's bpf_core_read.h writes them for
 * GCC: libbpf 1.5 names types through an extern variable
 * (___bpf_typeof), passes fields by address (`&(p->f)'), and calls
 * __builtin_preserve_enum_value with three arguments; libbpf 1.1 writes
 * clang's forms, whose array cases the plugin rewrites in 1.5's form.
 * Built with either header set; core.exp compares the values with clang's
 * build and with the kernel's BTF.
 *   out[0..1]  enum value and existence (3-argument form with 1.5)
 *   out[2..3]  type ids of an array typedef and of an array type
 *   out[4..5]  field info on `(&local)->f' (GCC folds it to `local.f'):
 *              struct ethhdr's h_dest size 6, h_proto offset 12
 *   out[6..8]  `bpf_core_field_*(struct T, array_member)'
 *   out[9..10] size (0) and offset of a flexible array member
 *   out[11]    size of a typedef of an unnamed array (no such type in the
 *              kernel: 0)  */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

typedef char comm_t[16];
struct cgroup___flex {
	int level;
	struct cgroup *ancestors[];
} __attribute__((preserve_access_index));

long out[12];

SEC("syscall")
int core_forms(void *ctx)
{
	struct ethhdr local;

	out[0] = bpf_core_enum_value(enum bpf_map_type, BPF_MAP_TYPE_RINGBUF);
	out[1] = bpf_core_enum_value_exists(enum bpf_map_type, BPF_MAP_TYPE_RINGBUF);
	out[4] = bpf_core_field_size((&local)->h_dest);
	out[5] = bpf_core_field_offset((&local)->h_proto);
	/* Array types and array members named by type: with libbpf 1.1's
	   `*(T *)0' GCC would fold the decayed array to a constant; the
	   plugin redefines those macros in 1.5's form
	   (attrs/core-header-forms.cc).  */
	out[2] = bpf_core_type_id_local(comm_t) != 0;
	out[3] = bpf_core_type_id_local(int[5]) != 0;
	out[6] = bpf_core_field_size(struct task_struct, comm);
	out[7] = bpf_core_field_offset(struct task_struct, comm);
	out[8] = bpf_core_field_exists(struct task_struct, comm);
	out[9] = bpf_core_field_size(struct cgroup___flex, ancestors);
	out[10] = bpf_core_field_offset(struct cgroup___flex, ancestors);
	out[11] = bpf_core_type_size(comm_t);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
