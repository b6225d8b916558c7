/* Loops, switches, calls to static and global functions.  */
static __attribute__((noinline)) int sq (int x) { return x * x; }
__attribute__((noinline)) long mix (long a, long b) { return (a ^ b) + (a >> 3) - (b << 2); }
int loop (int n)
{
  int s = 0;
  for (int i = 0; i < (n & 63); i++)
    s += sq (i) + (i & 1 ? 3 : -5);
  return s;
}
int sw (int k, int v)
{
  switch (k) {
  case 0: return v + 1;
  case 1: return v * 7;
  case 2: return v / 3;
  case 3: return v % 5;
  case 5: return v << 4;
  case 9: return (unsigned) v >> 2;
  default: return (int) mix (k, v);
  }
}
unsigned long cmp (unsigned long a, long b, unsigned c, int d)
{
  unsigned long r = 0;
  if (a > 5) r |= 1;
  if (b < -3) r |= 2;
  if (c >= 100) r |= 4;
  if (d <= 7) r |= 8;
  if (a == (unsigned long) b) r |= 16;
  if ((a & 0xf0) != 0) r |= 32;
  if ((long) a >= b) r |= 64;
  if (c < (unsigned) d) r |= 128;
  return r;
}
