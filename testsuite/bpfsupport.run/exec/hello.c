/* A plain executable: write, sbrk, argv, exit status.  */
/// ARGS: -- x yz
/// OUTPUT: ^hello from bpf\nabcde\nx\n$
/// EXIT: 126
#include "sim.h"
const char msg[] = "hello from bpf\n";
int counter = 3;
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
long _start(long argc, char **argv)
{
  sim_write(1, msg, sizeof msg - 1);
  char *p = sim_sbrk(64);
  for (int i = 0; i < 5; i++)
    p[i] = 'a' + i;
  p[5] = '\n';
  sim_write(1, p, 6);
  sim_write(1, argv[1], 1);
  sim_write(1, p + 5, 1);
  sim_exit(fact(5) + counter + argc);
  return 0;
}
