/* With cpu=v4, signed division and modulo are the kernel's sdiv/smod
   (BPF_DIV/BPF_MOD with offset 1), raw-encoded; same checks as div.c.  */
/* { dg-do assemble } */
/* { dg-options "-fplugin-arg-bpfsupport-cpu=v4" } */
/* { dg-final { object-no-undefined } } */
/* { dg-final { scan-assembler "__bpfs_insn 0x3f, %r\[0-9\], %r\[0-9\], 1, 0" } } */
/* { dg-final { scan-assembler "__bpfs_insn 0x9c, %r\[0-9\], %r\[0-9\], 1, 0" } } */
/* { dg-final { kernel-run test_div64 0x1fffff 6.6 } } */
/* { dg-final { kernel-run test_div32 0x7fff 6.6 } } */
#include "div-body.h"
