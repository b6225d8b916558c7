/* abort(): exit status 134 and a message.  */
/// EXIT: 134
/// STDERR: program called abort\(\)
#include "sim.h"
long _start(void)
{
  sim_write(2, "bye\n", 4);
  sim_abort();
  return 0;
}
