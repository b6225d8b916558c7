/* No undefined symbol for a library routine the code does not call.
   At -O2 and -Os GCC expands the division below both as a signed one (a
   call to __divdi3) and as an unsigned one, keeps the unsigned `div', and
   GCC 12 still declared `.global __divdi3' (libbpf:
   "failed to find BTF for extern '__divdi3'").  From tcp_ca_write_sk_pacing.c
   of the kernel's selftests.  */
/* { dg-do assemble } */
/* { dg-final { object-no-undefined } } */
/* { dg-final { scan-assembler-not "__divdi3" } } */
/* { dg-final { kernel-run test_rate 0x7 } } */
#include "lower-test.h"

struct tp { unsigned int snd_cwnd, mss_cache, srtt_us; } tp_in = { 10, 1448, 0 };
unsigned long rate_out;

SEC ("syscall")
int
test_rate (void *ctx)
{
  CHECK_START;
  struct tp *tp = OPAQUE (&tp_in);
  unsigned long rate
    = ((tp->snd_cwnd * tp->mss_cache * 1000000UL) << 3) / (tp->srtt_us ?: 1U << 3);
  rate_out = rate;
  CHECK (rate == 14480000000UL);
  tp->srtt_us = OPAQUE (1000u);
  rate = ((tp->snd_cwnd * tp->mss_cache * 1000000UL) << 3) / (tp->srtt_us ?: 1U << 3);
  CHECK (rate == 115840000UL);
  /* A signed division the plugin lowers still computes right.  */
  long n = OPAQUE (-7L), d = OPAQUE (2L);
  CHECK (n / d == -3);
  CHECK_END;
}
