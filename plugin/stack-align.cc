/* stack-align.cc: stack locals aligned above 8 bytes, placed as clang
   places them, without realigning the frame.
 *
 * `char buf[32] __attribute__((aligned(64)))', or a local of a type
 * declared aligned(64) (a perf event record, a cache-line padded struct),
 * makes GCC realign: it copies r10 and masks it, `r1 = r10; r1 &= -64',
 * and addresses the local through that register.  The verifier refuses
 * the mask ("R1 bitwise operator &= on pointer prohibited"), so the
 * program does not load.  clang never realigns a BPF frame: it lays the
 * local out at an offset from r10, the only stack pointer the verifier
 * knows, and the kernel gives r10 only 8-byte alignment.  So no BPF
 * toolchain can promise more than 8 bytes on the stack; here every local
 * aligned above the stack boundary (64 bits) is given that alignment just
 * before expansion, and the frame is laid out as for any other local.
 * Statics and globals keep their alignment (sections are aligned as
 * asked).  */
#include "plugin/gcc-compat.h"

unsigned int
bpfs_cap_stack_alignment (function *fun)
{
  unsigned ix;
  tree var;
  FOR_EACH_LOCAL_DECL (fun, ix, var)
    if (VAR_P (var) && !TREE_STATIC (var) && !DECL_EXTERNAL (var)
	&& DECL_ALIGN (var) > STACK_BOUNDARY)
      SET_DECL_ALIGN (var, STACK_BOUNDARY);
  return 0;
}
