/* run.h: running bpf-gcc (run.c).  */
#ifndef BPFSUPPORT_CC_RUN_H
#define BPFSUPPORT_CC_RUN_H

#include <stddef.h>

/* Run the bpf-gcc command CMD (NCMD arguments, NULL after them): exec it,
   or, for a compile of one C file, run it and compile again what GCC
   refuses only for `+' in an input constraint.  Returns the exit status
   when it does not exec.  */
int bpfcc_run (const char *const *cmd, size_t ncmd);

#endif
