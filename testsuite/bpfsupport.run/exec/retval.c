/* Without sim_exit, the exit status is _start's return value.  */
/// EXIT: 42
long _start(void)
{
  volatile long x = 40;
  return x + 2;
}
