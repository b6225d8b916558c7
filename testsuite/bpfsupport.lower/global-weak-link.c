/* A weak variable defined in two objects linked by bpftool gen object
   (libbpf's static linker): one definition is kept, and every reference,
   from either object, must reach it.  The program writes shared_val here,
   the other object's function adds to it, and the program reads it back:
   3 + 100 = 103, plus that object's other_val, 11, read through a
   global that is not first in its section: 114.  When the references
   went through a local alias to this object's own copy (section-relative
   relocations, as the plugin wrote them for bpf-as), the kernel's
   linked_vars and linked_funcs tests read values that were never set.  */
/* { dg-do assemble } */
/* { dg-options "-g" } */
/* { dg-final { static-link "link/weak-defs.c" } } */
/* { dg-final { kernel-retval "--data-hex 00112233445566778899aabbccddeeff00112233" 114 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int pad_first = 1;
__weak int shared_val = 5;
extern int bump_shared (int);

SEC("socket") int
prog (struct __sk_buff *skb)
{
  shared_val = 3;
  int other = bump_shared (100);
  return shared_val + other + (pad_first - 1);
}

char LICENSE[] SEC("license") = "GPL";
