/* xBPF: indirect calls, signed division (and by zero), deep recursion
   with large frames.  */
/// CFLAGS: -mxbpf
/// OUTPUT: ^-93014002--2004,1,0,1,1050\n$
/// EXIT: 0
#include "sim.h"
typedef long (*op_t)(long, long);
static long add(long a, long b) { return a + b; }
static long sdiv(long a, long b) { return a / b; }
static long smod(long a, long b) { return a % b; }
op_t ops[3] = { add, sdiv, smod };
static int deep(int n)
{
  volatile char buf[64];
  buf[n % 64] = n;
  if (n == 0)
    return buf[0];
  return deep(n - 1) + buf[n % 64] / n + 20;
}
static void put(long v, char sep)
{
  char out[24];
  int n = 0;
  int neg = v < 0;
  if (neg)
    v = -v;
  do
    out[22 - n++] = '0' + v % 10;
  while ((v /= 10) && n < 20);
  if (neg)
    out[22 - n++] = '-';
  out[23] = sep;
  sim_write(1, out + 23 - n, n + 1);
}
long _start(void)
{
  volatile long a = -100, b = 7, z = 0;
  long r = 0;
  for (int i = 0; i < 3; i++)
    r = r * 1000 + ops[i](a, b);
  put(r, '-');
  put(a / b * 143 - 2, ',');        /* -14*143-2 = -2004: printed as 2004 after '-' */
  volatile int d = -2147483647 - 1, m1 = -1;
  put(d / m1 == d, ',');
  put(a / z, ',');                  /* division by zero gives 0 */
  put(a % z == a, ',');             /* modulo by zero leaves the dividend */
  put(deep(50), '\n');
  return 0;
}
