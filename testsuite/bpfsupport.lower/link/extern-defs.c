/* Linked with check-calls-extern-link.c by bpftool gen object: defines
   the function, the hidden function and the variable that file declares
   extern.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int ext_base = 1000;

__noinline int
ext_scale (int x)
{
  return x * 3 + ext_base;
}

__hidden __noinline int
ext_hidden (int x)
{
  return x - 7;
}
