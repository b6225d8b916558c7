/* __builtin_bswap16/32/64 are BPF byte-swap instructions (be16/be32/be64,
   opcode 0xdc), not calls to __bswapsi2/__bswapdi2; run in the kernel on
   values the compiler cannot see, with garbage above the swapped width.  */
/* { dg-do assemble } */
/* { dg-final { object-no-undefined } } */
/* { dg-final { scan-assembler-not "__bswap" } } */
/* { dg-final { object-insn dc 0x20 } } */
/* { dg-final { kernel-run test_bswap 0x3ff } } */
#include "lower-test.h"

SEC ("syscall")
int
test_bswap (void *ctx)
{
  CHECK_START;
  unsigned long w = OPAQUE (0x0102030405060708UL);
  unsigned int i = OPAQUE (0x11223344u);
  unsigned short h = OPAQUE ((unsigned short) 0xa1b2);
  CHECK (__builtin_bswap64 (w) == 0x0807060504030201UL);
  CHECK (__builtin_bswap32 (i) == 0x44332211u);
  CHECK (__builtin_bswap16 (h) == 0xb2a1);
  /* The low bits of a wider value: the bits above must not leak in.  */
  CHECK (__builtin_bswap32 ((unsigned int) w) == 0x08070605u);
  CHECK (__builtin_bswap16 ((unsigned short) w) == 0x0807);
  CHECK ((unsigned long) __builtin_bswap32 ((unsigned int) w) == 0x08070605UL);
  /* Twice is the identity; a swap feeds arithmetic.  */
  CHECK (__builtin_bswap64 (__builtin_bswap64 (w)) == w);
  CHECK (__builtin_bswap32 (i) + 1 == 0x44332212u);
  CHECK ((int) __builtin_bswap32 (OPAQUE (0x000000f0u)) < 0);
  CHECK (__builtin_bswap16 (OPAQUE ((unsigned short) 0x00ff)) == 0xff00);
  CHECK_END;
}
