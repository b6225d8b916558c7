/* The null check of a map lookup compares with the immediate 0: at -Os,
   GCC's post-reload CSE turned `if r0 == 0' into `r1 = 0; if r0 == r1'
   (the 0 the program stores next), and the verifier refused the stores
   ("R0 invalid mem access 'map_value_or_null'").  A pointer compared as a
   value is compared with a branch: `return lookup () != 0' was
   `(p | -p) >> 63' ("math between map_value pointer and register with
   unbounded min value").  */
/* { dg-do assemble } */
/* { dg-final { scan-assembler-not "j\[a-z\]*\t%r\[0-9\],%r\[0-9\]," } } */
/* { dg-final { verifier-run null_check 2 } } */
/* { dg-final { verifier-run pointer_as_value 1 } } */
/* { dg-final { verifier-run pointer_as_value_missing 4 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct value { long a[4]; };
struct {
  __uint (type, BPF_MAP_TYPE_ARRAY);
  __uint (max_entries, 1);
  __type (key, int);
  __type (value, struct value);
} array SEC (".maps");

struct {
  __uint (type, BPF_MAP_TYPE_HASH);
  __uint (max_entries, 4);
  __type (key, int);
  __type (value, struct value);
} hash SEC (".maps");

SEC ("xdp")
int null_check (struct xdp_md *ctx)
{
  int k = 0;
  struct value *v = bpf_map_lookup_elem (&array, &k);
  if (!v)
    return 0;
  v->a[0] = 0;
  v->a[1] = 0;
  return 2;
}

SEC ("xdp")
int pointer_as_value (struct xdp_md *ctx)
{
  int k = 0;
  return bpf_map_lookup_elem (&array, &k) != 0;
}

/* The hash map is empty: the lookup gives NULL.  */
SEC ("xdp")
int pointer_as_value_missing (struct xdp_md *ctx)
{
  int k = 3;
  return (bpf_map_lookup_elem (&hash, &k) == 0) << 2;
}

char _license[] SEC ("license") = "GPL";
