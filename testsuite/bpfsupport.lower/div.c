/* Signed 64- and 32-bit division and modulo without library calls (the
   unsigned sequence), in the kernel, on signed extremes and zero divisors.  */
/* { dg-do assemble } */
/* { dg-final { object-no-undefined } } */
/* { dg-final { scan-assembler-not "__divdi3|__moddi3|__divsi3|__modsi3" } } */
/* { dg-final { kernel-run test_div64 0x1fffff } } */
/* { dg-final { kernel-run test_div32 0x7fff } } */
#include "div-body.h"
