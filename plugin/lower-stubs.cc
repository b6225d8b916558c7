#include "plugin/gcc-compat.h"
#include "plugin/lower.h"
bool bpfs_lower_memory (function *) { return false; }
bool bpfs_lower_traps (function *) { return false; }
void bpfs_check_calls (function *) {}
void bpfs_check_calls_init (void) {}
void bpfs_inline_args_init (void) {}
