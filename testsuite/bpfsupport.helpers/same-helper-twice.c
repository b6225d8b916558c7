/* The cases GCC 12 turns into indirect calls at -O1 and above: the same
   helper called twice (its address is kept in a register), an argument
   equal to the helper's number, a const pointer, a function-local pointer,
   a call through a cast.  */
/* { dg-do run } */
/* { dg-final { object-calls "7 7 16 5 5 14" } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

static __u64 (* const ktime) (void) = (void *) 5;

SEC("socket")
int twice (struct __sk_buff *skb)
{
  static __u64 (*pid_tgid) (void) = (void *) 14;
  char comm[16];
  __u32 a = bpf_get_prandom_u32 ();
  __u32 b = bpf_get_prandom_u32 ();
  bpf_get_current_comm (comm, 16);
  __u64 t = ktime () - ((__u64 (*) (void)) ktime) ();
  return (a ^ b ^ comm[0] ^ t ^ pid_tgid ()) & 1;
}

char LICENSE[] SEC("license") = "GPL";
