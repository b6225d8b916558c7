/* Every macro of libbpf's bpf_core_read.h on every kind of field, under
   whichever libbpf core-matrix.exp puts first on the include path (Debian's
   1.1 in /usr/include, 1.5 from the kernel tree): field exists/size/offset
   in both forms (`mp->f' and `struct T, f'), the signed/shift facts, READ,
   READ_BITFIELD, READ_BITFIELD_PROBED, the type and enum forms.  Field
   kinds: plain, bitfield (unsigned and signed), array, nested, a member of
   an anonymous union, typedef'd, and one the target lacks.  A bitfield in
   `bpf_core_field_exists(struct T, f)' is what compat headers (bcc's
   libbpf-tools) write for a kernel field that became a flag bit; libbpf
   1.4 and later pass fields by address for GCC, and `&bitfield' did not
   compile.  Relocated against core-matrix-target.c's BTF, where every
   field moved or changed size; core-matrix.exp compares each word with
   clang's build of this file.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

typedef unsigned short mx_u16;
enum mx_e { MX_A = 1, MX_B = 2, MX_GONE = 3 };

/* bpf_core_type_matches compares the names of base types, and GCC's BTF
   says `short int' where clang's (which built the target) says `short':
   mx_in holds types both compilers name alike.  */
struct mx_in { int x; unsigned int y; };

struct mx {
  int plain;
  unsigned int bf : 3, pad : 2;
  int sbf : 6;
  int arr[4];
  struct mx_in in;
  union { int anon_a; long anon_b; };
  mx_u16 td;
  int gone;
};
typedef struct mx mx_t;
/* A typedef the target defines as another type: type info relocates the
   typedef itself, as clang-19 does (against `int' it matched and sized
   any kernel's int).  */
typedef int mx_int_t;

#define RELO(s, f, info) __builtin_preserve_field_info((s)->f, BPF_FIELD_##info)

long out[100];
unsigned char buf[128] = { 1 };	/* .data: `out' alone is in .bss */

#define FACTS(i, f)						\
  out[i + 0] = bpf_core_field_exists(mp->f);			\
  out[i + 1] = bpf_core_field_exists(struct mx, f);		\
  out[i + 2] = bpf_core_field_size(mp->f);			\
  out[i + 3] = bpf_core_field_size(mx_t, f);			\
  out[i + 4] = bpf_core_field_offset(mp->f);			\
  out[i + 5] = bpf_core_field_offset(struct mx, f)

#define INT_FACTS(i, f)						\
  FACTS(i, f);							\
  out[i + 6] = RELO(mp, f, SIGNED);				\
  out[i + 7] = RELO(mp, f, LSHIFT_U64);				\
  out[i + 8] = RELO(mp, f, RSHIFT_U64)

SEC("syscall")
int core_matrix(void *ctx)
{
  struct mx *mp = (void *) buf;
  long v = 0;

  /* A known byte pattern to read back.  The mask keeps the index provably
     in bounds for the verifier.  */
  for (unsigned long i = 0; i < 128; i++)
    buf[i & 127] = i * 7 + 3;

  INT_FACTS(0, plain);
  INT_FACTS(9, bf);
  INT_FACTS(18, sbf);
  FACTS(27, arr);
  FACTS(33, in);
  INT_FACTS(39, in.y);
  INT_FACTS(48, anon_b);
  INT_FACTS(57, td);
  out[66] = bpf_core_field_exists(mp->gone);
  out[67] = bpf_core_field_exists(struct mx, gone);

  out[68] = BPF_CORE_READ(mp, plain);
  out[69] = BPF_CORE_READ(mp, in.y);
  out[70] = BPF_CORE_READ(mp, anon_b);
  out[71] = BPF_CORE_READ(mp, td);
  out[72] = BPF_CORE_READ(mp, arr[2]);
  bpf_core_read(&v, sizeof(int), &mp->arr[1]);
  out[73] = v;
  out[74] = BPF_CORE_READ_BITFIELD(mp, bf);
  out[75] = BPF_CORE_READ_BITFIELD(mp, sbf);
  out[76] = BPF_CORE_READ_BITFIELD_PROBED(mp, bf);
  out[77] = BPF_CORE_READ_BITFIELD_PROBED(mp, sbf);
  out[78] = BPF_CORE_READ_BITFIELD_PROBED(mp, td);

  out[79] = bpf_core_type_exists(struct mx);
  out[80] = bpf_core_type_size(struct mx);
  out[81] = bpf_core_type_size(mx_t);
  out[82] = bpf_core_type_size(struct mx_in);
  out[83] = bpf_core_type_matches(struct mx_in);
  out[84] = bpf_core_type_id_kernel(struct mx);
  out[85] = bpf_core_enum_value_exists(enum mx_e, MX_A);
  out[86] = bpf_core_enum_value_exists(enum mx_e, MX_GONE);
  out[87] = bpf_core_enum_value(enum mx_e, MX_B);
  out[88] = bpf_core_type_matches(mx_int_t);
  out[89] = bpf_core_type_size(mx_int_t);
  out[90] = bpf_core_type_exists(mx_int_t);
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
