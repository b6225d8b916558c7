/* A function declared through a typedef of a kernel_helper function
   typedef is that helper (it was "neither defined nor a BPF helper").  */
/* { dg-do run } */
/* { dg-final { object-calls "5 5 8" } } */
/* { dg-final { run-calls "--data-hex 00112233445566778899aabbccdd00" "bpf_ktime_get_ns bpf_ktime_get_ns bpf_get_smp_processor_id" } } */
/* { dg-final { kernel-retval "--data-hex 00112233445566778899aabbccdd00" 1 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

typedef long ktime_fn (void) __attribute__((kernel_helper(5)));
typedef ktime_fn ktime_fn2;
typedef ktime_fn2 ktime_fn3;
extern ktime_fn2 ktime_a;
extern ktime_fn3 ktime_b;
typedef long cpu_fn (void) __attribute__((kernel_helper(8)));
typedef cpu_fn cpu_fn2;
typedef cpu_fn2 *cpu_ptr;
extern cpu_ptr cpu;

SEC("socket") int
prog (struct __sk_buff *skb)
{
  long a = ktime_a (), b = ktime_b ();
  return (a >= 0x100000) + (b >= 0x100000) * 0 + (cpu () < 0x100000) * 0;
}

char LICENSE[] SEC("license") = "GPL";
