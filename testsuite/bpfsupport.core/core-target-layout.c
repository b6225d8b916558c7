/* Prints what core-local.bpf.c must compute against core-target.c's
   layout, from the host compiler's own offsetof/sizeof (x86-64 and BPF
   lay these structs out alike): core.exp runs it and compares.  */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "core-target.c"

int main(void)
{
  struct core_t s;
  /* Find the bitfields' bit positions by setting all their bits.  */
  unsigned char bytes[sizeof s];
  int bf1_lo = -1, bf1_len = 0, bf2_lo = -1, bf2_len = 0;
  memset(&s, 0, sizeof s); s.bf1 = 7; memcpy(bytes, &s, sizeof s);
  for (int i = 0; i < (int)(sizeof s * 8); i++)
    if (bytes[i / 8] >> (i % 8) & 1) { if (bf1_lo < 0) bf1_lo = i; bf1_len++; }
  memset(&s, 0, sizeof s); s.bf2 = -1; memcpy(bytes, &s, sizeof s);
  for (int i = 0; i < (int)(sizeof s * 8); i++)
    if (bytes[i / 8] >> (i % 8) & 1) { if (bf2_lo < 0) bf2_lo = i; bf2_len++; }
  /* libbpf's rules for the load that holds a bitfield of an int.  */
  int bf1_byte = bf1_lo / 8 / 4 * 4, bf2_byte = bf2_lo / 8 / 4 * 4;
  /* What BPF_CORE_READ_BITFIELD reads from the program's byte pattern. */
  for (int i = 0; i < (int)sizeof s; i++)
    ((unsigned char *)&s)[i] = (unsigned char)(i * 7 + 3);
  long long bf1 = s.bf1, bf2 = s.bf2;
  printf("%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %lld %lld\n",
         (int)offsetof(struct core_t, a), (int)offsetof(struct core_t, b),
         (int)sizeof s.b, (int)offsetof(struct core_t, d), 0, 1,
         bf1_byte, 4, 64 - (bf1_lo + bf1_len - bf1_byte * 8), 64 - bf1_len,
         1, 64 - (bf2_lo + bf2_len - bf2_byte * 8), 64 - bf2_len,
         (int)sizeof s, 1, 0, 9, 1234, 99, (int)sizeof s, bf1, bf2);
  return 0;
}
