/* Arithmetic of every width and signedness, byte swaps, 64-bit constants.  */
typedef unsigned long u64; typedef unsigned int u32; typedef unsigned short u16;
u64 k64 (void) { return 0x1234567890abcdefUL; }
long kneg (void) { return -0x123456789L; }
u32 bs32 (u32 x) { return __builtin_bswap32 (x); }
u16 bs16 (u16 x) { return __builtin_bswap16 (x); }
u64 bs64 (u64 x) { return __builtin_bswap64 (x); }
long ops (long a, long b, int c, int d, u32 e)
{
  u32 f = e * 3 + 1;
  long r = a * b - (a / (b | 1)) + (a % (b | 1));
  r += (c * d) ^ (c / (d | 1)) ^ (c % (d | 1));
  r += (e / (f | 1)) + (e % (f | 1)) + (e >> (f & 31)) + (c >> (d & 31));
  r += -a + ~b + (a << 7) + ((unsigned long) a >> 9) + (a >> 11);
  r += (signed char) a + (short) b + (int) a + (unsigned char) c;
  return r;
}
u64 udiv (u64 a, u64 b) { return a / b + a % b; }
