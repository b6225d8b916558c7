/* bpf_tail_call_static, which libbpf's bpf_helpers.h defines only for
   clang and GCC > 12, comes from the plugin: `r2 = map; r3 = SLOT; call 12'
   with the slot an immediate.  The prog array is filled by libbpf from its
   declarative initializer; the tail calls really run in the kernel (the
   test run's 64-byte packet is zeroed).  */
/* { dg-do assemble } */
/* { dg-final { scan-assembler "mov %r3, 2\n\tcall 12" } } */
/* { dg-final { object-no-undefined } } */
/* { dg-final { kernel-run tc_to_two 2 5.14 all } } */
/* { dg-final { kernel-run tc_to_three 3 5.14 all } } */
/* { dg-final { kernel-run tc_to_empty 1 5.14 all } } */
/* { dg-final { kernel-run tc_chosen 3 5.14 all } } */
/* { dg-final { kernel-run tc_from_sub 2 5.14 all } } */
#include "lower-test.h"

int tc_two (struct xdp_md *ctx);
int tc_three (struct xdp_md *ctx);

struct {
  __uint (type, BPF_MAP_TYPE_PROG_ARRAY);
  __uint (max_entries, 4);
  __uint (key_size, sizeof (__u32));
  __array (values, int (void *));
} tc_jump SEC (".maps") = { .values = { [1] = (void *) &tc_three,
					 [2] = (void *) &tc_two } };

int tc_seen;

SEC ("xdp") int tc_two (struct xdp_md *ctx) { return 2; }
int tc_ran;
SEC ("xdp") int tc_three (struct xdp_md *ctx) { tc_ran = 1; return 3; }

SEC ("xdp")
int
tc_to_two (struct xdp_md *ctx)
{
  bpf_tail_call_static (ctx, &tc_jump, 2);
  return 1;
}

SEC ("xdp")
int
tc_to_three (struct xdp_md *ctx)
{
  tc_seen++;	/* stored before the call */
  bpf_tail_call_static (ctx, &tc_jump, 1);
  return 1;
}

SEC ("xdp")
int
tc_to_empty (struct xdp_md *ctx)
{
  bpf_tail_call_static (ctx, &tc_jump, 3);
  return 1;
}

/* Two calls with different slots on two paths: each keeps its own
   constant (the zeroed packet takes the second).  */
SEC ("xdp")
int
tc_chosen (struct xdp_md *ctx)
{
  void *data = (void *) (long) ctx->data;
  void *end = (void *) (long) ctx->data_end;
  if (data + 1 > end)
    return 0;
  if (*(unsigned char *) data == 7)
    bpf_tail_call_static (ctx, &tc_jump, 2);
  else
    bpf_tail_call_static (ctx, &tc_jump, 1);
  return 1;
}

/* A subprogram that tail calls, whose value no caller reads: GCC's IPA-SRA
   made it a clone returning void, and the verifier refuses a tail call in a
   function whose BTF does not return int.  */
static __attribute__ ((noinline)) int
tc_sub (struct xdp_md *ctx)
{
  bpf_tail_call_static (ctx, &tc_jump, 1);
  return 0;
}

/* A tail call from a subprogram returns the target's value to the
   subprogram's caller: 1 + tc_three's mark.  */
SEC ("xdp")
int
tc_from_sub (struct xdp_md *ctx)
{
  tc_sub (ctx);
  return 1 + tc_ran;
}
