/* check-headers.cc: print the sizes the generated headers give to the data
   structures a plugin shares with cc1.  plugin/check-headers.sh compares
   them with the sizes in the installed cc1's dynamic symbol table: a
   mismatch means the headers describe another compiler, and a plugin built
   on them would read `optimize' and friends at wrong offsets.  */
#include "gcc-plugin.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "options.h"
#include "target.h"
#include "insn-modes.h"

int
main (void)
{
  printf ("global_options %zu\n", sizeof (global_options));
  printf ("global_options_set %zu\n", sizeof (global_options_set));
  printf ("targetm %zu\n", sizeof (targetm));
  printf ("mode_class %d\n", (int) NUM_MACHINE_MODES);
  return 0;
}
