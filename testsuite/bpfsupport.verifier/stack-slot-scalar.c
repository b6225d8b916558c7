/* Scalars narrower than 8 bytes that live on the stack get 8-byte aligned
   slots (plugin/stack-align.cc).  The verifier tracks a value written to
   the stack only at an 8-byte aligned offset; GCC put a u32 at fp-4, the
   slot became unknown bytes, and a loop whose counter lives there (its
   address passed to bpf_map_lookup_elem, as BPF programs do to walk an
   array map; every local at -O0) never advanced for the verifier:
   "infinite loop detected".  clang's slots are 8-byte aligned.  Found by
   make fuzz-diff (bpfgen seeds 110583, 120015), refused at every -O level
   and -mcpu.  */
/* { dg-do assemble } */
/* { dg-final { verifier-run map_walk 84 } } */
/* { dg-final { verifier-run small_counters 3069 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
  __uint (type, BPF_MAP_TYPE_ARRAY);
  __uint (max_entries, 8);
  __type (key, __u32);
  __type (value, __u64);
} slots SEC (".maps");

SEC ("xdp") int map_walk (struct xdp_md *ctx)
{
  __u64 acc = 0;
  for (__u32 k = 0; k < 8; k++)
    {
      __u64 v = k * 3;
      bpf_map_update_elem (&slots, &k, &v, BPF_ANY);
    }
  for (__u32 k = 0; k < 8; k++)
    {
      __u64 *p = bpf_map_lookup_elem (&slots, &k);
      if (p)
	acc += *p;
    }
  return acc;
}

/* Counters of 1, 2 and 4 bytes, on the stack at -O0.  */
SEC ("xdp") int small_counters (struct xdp_md *ctx)
{
  unsigned int s = 0;
  for (unsigned char i = 0; i < 10; i++)
    s += i;				/* 45 */
  for (unsigned short j = 0; j < 20; j++)
    s += j * 3;				/* 570 */
  for (int n = 0; n < 6; n++)
    s += n * 2 + 1;			/* 36 ... */
  for (_Bool b = 0; !b; b = 1)
    s += 2418;				/* 45 + 570 + 36 + 2418 */
  return s;
}
char LICENSE[] SEC ("license") = "GPL";
