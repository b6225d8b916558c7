/* Linked after global-weak-link.c by bpftool gen object: a second weak
   definition of shared_val (the linker keeps the first object's), and a
   function that writes it.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__weak int shared_val = 5;
int other_val = 11;

__noinline int
bump_shared (int x)
{
  shared_val += x;
  return other_val;
}
