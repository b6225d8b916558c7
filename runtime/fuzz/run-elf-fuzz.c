/* run-elf-fuzz.c - libFuzzer target: the ELF loader (untrusted objects)
   and then every loaded program under the sandbox.  */
#include "fuzz/run-fuzz-common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[512];
  struct elo_object *o = elo_open(data, size, "fuzz", err, sizeof err);
  if (!o)
    return 0;
  fuzz_run_object(o);
  elo_close(o);
  return 0;
}
