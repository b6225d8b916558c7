/* Global variables are laid out in source order, as clang lays them out
   (GCC alone emits them in reverse).  User space that reads a .bss or
   .data map without a skeleton takes the first variable declared to be at
   offset 0: the kernel's prog_tests/core_reloc.c reads `data' of
   test_core_reloc_type_id.c so, and saw zeros where the program had
   written.  The program writes each variable; the maps must hold them in
   declaration order.  Two identical read-only statics keep their own
   storage, as with clang: merged, the second was a `.set' alias kept by
   the source-order layout, and the BTF had two VARs at one offset, which
   the kernel refuses ("Invalid offset": the kernel's bpf_cubic.c).  */
/* { dg-do run } */
/* { dg-options "-g" } */
/* { dg-final { kernel-btf-accepted } } */
/* { dg-final { kernel-map-value "--data-hex 00112233445566778899aabbccddeeff00112233" .bss 11000000220000003300000044000000 } } */
/* { dg-final { kernel-map-value "--data-hex 00112233445566778899aabbccddeeff00112233" .data 0100000002000000 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct { int a, b; } first_bss;
int second_bss;
int third_bss;
int first_data = 1;
int second_data = 2;
static int flag_a = 1;
static int flag_b = 1;

SEC("socket") int
prog (struct __sk_buff *skb)
{
  first_bss.a = 0x11;
  first_bss.b = 0x22;
  second_bss = 0x33;
  third_bss = 0x44;
  return first_data + second_data + flag_a + flag_b;
}

char LICENSE[] SEC("license") = "GPL";
