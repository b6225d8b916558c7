/* memset of a field of a map value, after the null check: 8-byte stores
   (the value's type gives the alignment, as clang assumes), not 512 byte
   stores, and never arithmetic on the pointer before its null check
   ("pointer arithmetic on map_value_or_null prohibited").  */
/* { dg-do assemble } */
/* { dg-final { scan-assembler-not "st\[x\]?b\t" } } */
/* { dg-final { verifier-run clear_data 0x102 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct value { long a[4]; long data[64]; };
struct {
  __uint (type, BPF_MAP_TYPE_ARRAY);
  __uint (max_entries, 1);
  __type (key, int);
  __type (value, struct value);
} m SEC (".maps");

SEC ("xdp")
int clear_data (struct xdp_md *ctx)
{
  int k = 0;
  struct value *v = bpf_map_lookup_elem (&m, &k);
  if (!v)
    return 0;
  v->data[63] = 5;
  __builtin_memset (&v->data, 0, 512);
  return 0x100 | (v->data[63] == 0) << 1;
}

char _license[] SEC ("license") = "GPL";
