/* CO-RE on the program's own types, loaded against a deliberately
   different target BTF (core-target.c: fields moved, renamed, resized,
   bitfields changed, an enumerator gone and one renumbered).  Every word of
   `out' is a relocated value; core.exp knows what the target layout gives. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

enum core_e { CE_A = 1, CE_B = 7 };

struct core_t {
  int a;
  long b;
  char c[8];
  unsigned int bf1 : 3, bf2 : 5;
  int d;
  int gone;
} __attribute__((preserve_access_index));

typedef struct core_t core_alias_t;

int out[24];
char buf[64] = { 1 };  /* .data: `out' alone is in .bss */

SEC("syscall")
int core_local(void *ctx)
{
  struct core_t *cp = (void *) buf;

  /* A known byte pattern, then the bitfields read the CO-RE way.  */
  /* The mask keeps the index provably in bounds for the verifier even
     in -O0 code, where the counter lives on the stack.  */
  for (unsigned long i = 0; i < 64; i++)
    buf[i & 63] = i * 7 + 3;
  out[20] = BPF_CORE_READ_BITFIELD(cp, bf1);
  out[21] = BPF_CORE_READ_BITFIELD(cp, bf2);

  out[0] = bpf_core_field_offset(cp->a);
  out[1] = bpf_core_field_offset(cp->b);
  out[2] = bpf_core_field_size(cp->b);
  out[3] = bpf_core_field_offset(cp->d);
  out[4] = bpf_core_field_exists(cp->gone);
  out[5] = bpf_core_field_exists(cp->d);
  out[6] = __builtin_preserve_field_info(cp->bf1, BPF_FIELD_BYTE_OFFSET);
  out[7] = __builtin_preserve_field_info(cp->bf1, BPF_FIELD_BYTE_SIZE);
  out[8] = __builtin_preserve_field_info(cp->bf1, BPF_FIELD_LSHIFT_U64);
  out[9] = __builtin_preserve_field_info(cp->bf1, BPF_FIELD_RSHIFT_U64);
  out[10] = __builtin_preserve_field_info(cp->bf2, BPF_FIELD_SIGNED);
  out[11] = __builtin_preserve_field_info(cp->bf2, BPF_FIELD_LSHIFT_U64);
  out[12] = __builtin_preserve_field_info(cp->bf2, BPF_FIELD_RSHIFT_U64);
  out[13] = bpf_core_type_size(struct core_t);
  out[14] = bpf_core_type_exists(struct core_t);
  out[15] = bpf_core_enum_value_exists(enum core_e, CE_A);
  out[16] = bpf_core_enum_value(enum core_e, CE_B);
  /* Relocated loads and stores through the attribute.  */
  cp->d = 1234;
  out[17] = *(int *) (buf + bpf_core_field_offset(cp->d));
  buf[bpf_core_field_offset(cp->c) + 1] = 99;
  out[18] = cp->c[1];
  out[19] = bpf_core_type_size(core_alias_t);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
