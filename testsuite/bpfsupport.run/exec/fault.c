/* A bad pointer in an executable is caught by the sandbox.  */
/// EXIT: 1
/// STDERR: error: invalid write of 4 bytes at 0x10: near NULL .* in function _start
#include "sim.h"
long _start(void)
{
  *(volatile int *)16 = 1;
  return 0;
}
