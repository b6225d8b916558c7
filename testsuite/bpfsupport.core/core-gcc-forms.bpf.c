/* CO-RE through libbpf 1.5's bpf_core_read.h, which has its own forms for
   compilers that are not clang (#ifndef __clang__):
     bpf_core_enum_value(_exists) -> __builtin_preserve_enum_value (PTR,
       ENUMERATOR, KIND), PTR a never-evaluated `enum E *';
     BPF_CORE_WRITE_BITFIELD (&local, field, v) and
     BPF_CORE_READ_BITFIELD (&local, field) -> __builtin_preserve_field_info
       ((&local)->field, ...), which GCC folds to `local.field'.
   Relocated against core-gcc-forms-target.c's BTF, where the enumerators
   are renumbered or gone and the bitfields moved and resized; the enum
   reached through a typedef of an anonymous enum is found by the typedef's
   name, as with clang.  core-gcc-forms.exp compares every word with the
   target layout and with clang's build.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

enum forms_e { FORMS_A = 1, FORMS_B = 2 };
typedef enum { FORMS_X = 0x10, FORMS_Y = 0x20 } forms_anon_t;
struct forms_bits {
  unsigned int lo : 3, mid : 5;
  int hi : 7;
  int tail;
};

int out[8];

SEC("syscall")
int core_gcc_forms(void *ctx)
{
  forms_anon_t anon = 0;
  struct forms_bits s = {};

  out[0] = bpf_core_enum_value_exists(enum forms_e, FORMS_A);
  out[1] = bpf_core_enum_value(enum forms_e, FORMS_B);
  out[2] = bpf_core_enum_value_exists(anon, FORMS_X);
  out[3] = bpf_core_enum_value(forms_anon_t, FORMS_Y);
  BPF_CORE_WRITE_BITFIELD(&s, mid, 21);
  BPF_CORE_WRITE_BITFIELD(&s, hi, -5);
  out[4] = BPF_CORE_READ_BITFIELD(&s, mid);
  out[5] = BPF_CORE_READ_BITFIELD(&s, hi);
  /* Where the target layout put them.  */
  __builtin_memcpy(&out[6], &s, sizeof s);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
