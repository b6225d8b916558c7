#include "plugin/gcc-compat.h"
#include "plugin/lower.h"
void bpfs_inline_args_init (void) {}
