/* An anonymous struct declared in a parameter list, as the kernel's
   btf_dump selftests declare their test functions (17 of their files):
   GCC warned that it "will not be visible outside of this definition or
   declaration" (a warning without an option, so no -Wno- for it); clang
   warns only for a named struct (-Wvisibility), which still warns here
   too.  */
/* { dg-do assemble } */
/* { dg-options "-Wall -Werror" } */
/* { dg-final { werror-run "--data-hex 00000000000000000000000000000000" 5 } } */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int described (struct { int a; long b; } *p, union { int c; char d; } u);

SEC("xdp") int prog (struct xdp_md *ctx)
{
  return 5;
}
char LICENSE[] SEC("license") = "GPL";
