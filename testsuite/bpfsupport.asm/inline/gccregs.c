/* Register operands as GCC prints them (%rN) in pseudo-C statements, and
   .ifc against clang's spelling rN (issue 13, item 2).  */
/* expect: if_reg 1 assign_reg 9 aluop_reg 12 ifc_reg 1 ifc_w 1 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

volatile long zero, nine = 9, five = 5, seven = 7;

SEC ("xdp") int
if_reg (struct xdp_md *ctx)
{
  long x = zero, r;
  asm volatile ("r0 = 0; if %[x] != 0 goto +1; r0 = 1; %[r] = r0"
                : [r] "=r" (r) : [x] "r" (x) : "r0");
  return r;
}

SEC ("xdp") int
assign_reg (struct xdp_md *ctx)
{
  long r;
  asm volatile ("r0 = %[n]; %[r] = r0" : [r] "=r" (r) : [n] "r" (nine) : "r0");
  return r;
}

SEC ("xdp") int
aluop_reg (struct xdp_md *ctx)
{
  long r = five, x = seven;
  asm volatile ("%[r] += %[x]" : [r] "+r" (r) : [x] "r" (x));
  return r;
}

/* Exactly one of the ten .ifc matches the register the operand is in.  */
SEC ("xdp") int
ifc_reg (struct xdp_md *ctx)
{
  long x = five, r;
  asm volatile ("%[r] = 0;"
                ".ifc %[x], r0; %[r] += 1; .endif;"
                ".ifc %[x], r1; %[r] += 1; .endif;"
                ".ifc %[x], r2; %[r] += 1; .endif;"
                ".ifc %[x], r3; %[r] += 1; .endif;"
                ".ifc %[x], r4; %[r] += 1; .endif;"
                ".ifc %[x], r5; %[r] += 1; .endif;"
                ".ifc %[x], r6; %[r] += 1; .endif;"
                ".ifc %[x], r7; %[r] += 1; .endif;"
                ".ifc %[x], r8; %[r] += 1; .endif;"
                ".ifc %[x], r9; %[r] += 1; .endif;"
                : [r] "=&r" (r) : [x] "r" (x));
  return r;
}

/* ... and .ifnc of the same is the other branch.  */
SEC ("xdp") int
ifc_w (struct xdp_md *ctx)
{
  long x = five, r;
  asm volatile ("%[r] = 1;"
                ".ifnc %[x], r0; .ifnc %[x], r1; .ifnc %[x], r2; .ifnc %[x], r3;"
                ".ifnc %[x], r4; .ifnc %[x], r5; .ifnc %[x], r6; .ifnc %[x], r7;"
                ".ifnc %[x], r8; .ifnc %[x], r9; %[r] = 0;"
                ".endif; .endif; .endif; .endif; .endif; .endif; .endif; .endif; .endif; .endif"
                : [r] "=&r" (r) : [x] "r" (x));
  return r;
}

char LICENSE[] SEC ("license") = "GPL";
