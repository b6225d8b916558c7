/* `;' separates statements in inline asm written for clang (issue 13,
   item 1): every statement runs, labels after `;' are labels.  */
/* expect: three 6 local_label 12 label_ops 2 macro_semis 111 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC ("xdp") int
three (struct xdp_md *ctx)
{
  long r;
  asm volatile ("r0 = 1;" "r0 += 2;" "r0 += 3;" "%[r] = r0" : [r] "=r" (r) :: "r0");
  return r;
}

SEC ("xdp") int
local_label (struct xdp_md *ctx)   /* (the kernel refuses dead code: if, not goto) */
{
  long r;
  asm volatile ("r0 = 5; if r0 != 0 goto l0_%=; r0 = 1; l0_%=: r0 += 7; %[r] = r0;"
                : [r] "=r" (r) :: "r0");
  return r;
}

/* Several statements, a label and a comment on one line each.  */
SEC ("xdp") int
label_ops (struct xdp_md *ctx)
{
  long r;
  asm volatile ("r0 = 0; r1 = 1;\n\t"
                "if r1 == 0 goto 1f; r0 += 2; // a comment; r0 += 100\n\t"
                "1: %[r] = r0 # another; r0 += 1000\n"
                : [r] "=r" (r) :: "r0", "r1");
  return r;
}

/* A macro defined and used with `;' between its lines.  */
SEC ("xdp") int
macro_semis (struct xdp_md *ctx)
{
  long r;
  asm volatile (".macro add3_%= reg; \\reg += 1; \\reg += 10; \\reg += 100; .endm;"
                "r0 = 0; add3_%= r0; .purgem add3_%=; %[r] = r0"
                : [r] "=r" (r) :: "r0");
  return r;
}

char LICENSE[] SEC ("license") = "GPL";
