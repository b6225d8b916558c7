/* kernel_helper on a function-pointer variable (the form in GCC's BPF
   documentation): GCC 12 alone warns and emits `call 0'.  */
/* { dg-do run } */
/* { dg-final { object-calls "7" } } */
/* { dg-final { scan-assembler-not "call\t0" } } */
typedef unsigned int __u32;
static __u32 (*bpf_get_prandom_u32)(void) __attribute__((kernel_helper(7)));

__attribute__((section("socket"), used)) int
sample(void *skb)
{
  return bpf_get_prandom_u32 () & 1;
}

char LICENSE[] __attribute__((section("license"), used)) = "GPL";
