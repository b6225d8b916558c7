/* Extern functions and variables the program's own source declares are
   defined by another object, which a static link adds (the kernel's
   linked_funcs and test_subskeleton tests): the calls compile without
   allow-extern-calls, as with clang, and the BTF has the extern FUNCs and
   VAR in no DATASEC, as clang emits them, which bpftool's linker needs
   ("failed to find BTF info for global/extern symbol").  The linked
   object runs in the kernel: a 20-byte packet is 6 bytes past the
   Ethernet header (skb->len), (6 * 3 + 1000) + (6 - 7) + 1000 = 2017, as
   clang-19's objects linked the same way return.  A function declared in a system header, or implicitly,
   stays an error (check-calls-system.c).  */
/* { dg-do assemble } */
/* { dg-options "-g" } */
/* { dg-final { static-link "link/extern-defs.c" } } */
/* { dg-final { kernel-retval "--data-hex 00112233445566778899aabbccddeeff00112233" 2017 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int ext_scale (int);
__hidden extern int ext_hidden (int);
extern int ext_base;

SEC("socket") int
prog (struct __sk_buff *skb)
{
  int n = skb->len;
  return ext_scale (n) + ext_hidden (n) + ext_base;
}

char LICENSE[] SEC("license") = "GPL";
