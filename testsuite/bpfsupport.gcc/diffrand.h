/* diffrand.h: what the differential tests of this directory share (each is
   built natively and by bpf-gcc for bpf-run, gcc.exp): 64-bit integer
   names and a xorshift64 generator, seeded by the test (RND_SEED) so that
   each draws its own sequence, the same on both sides.  */
#ifndef DIFFRAND_H
#define DIFFRAND_H
typedef unsigned long u64;
typedef unsigned int u32;
static u64 rnd_state = RND_SEED;
static u64 rnd(void)
{
  rnd_state ^= rnd_state << 13;
  rnd_state ^= rnd_state >> 7;
  rnd_state ^= rnd_state << 17;
  return rnd_state;
}
#endif
