/* A function that is really called keeps GCC's error for more than five
   arguments: the plugin only lets always-inline functions through.  */
/* { dg-do compile } */
static __attribute__ ((noinline)) long
six (long a, long b, long c, long d, long e, long f) /* { dg-error "too many function arguments for eBPF" } */
{
  return a + b + c + d + e + f;
}

long
caller (long a)
{
  return six (a, a, a, a, a, a);
}
