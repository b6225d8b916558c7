/* asm-dis-fuzz.c - libFuzzer target for the bpf-asm disassembler: the
   input is an ELF object (seeds in asm-dis-seeds/), disassembled in both
   syntaxes with and without --bytes; the GNU text is then assembled
   again, which must not crash whatever it says.  */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include "asm/asm.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static int fd = -1;
  static char path[64];
  if (fd < 0)
    {
      fd = memfd_create ("asm-dis-fuzz", 0);
      if (fd < 0)
        abort ();
      snprintf (path, sizeof path, "/proc/self/fd/%d", fd);
    }
  if (ftruncate (fd, 0) != 0 || pwrite (fd, data, size, 0) != (ssize_t) size)
    abort ();
  for (int k = 0; k < 4; k++)
    {
      char *text = NULL;
      size_t len = 0;
      FILE *out = open_memstream (&text, &len);
      if (!out)
        abort ();
      int rc = dis_file (path, k & 1 ? BPF_SYNTAX_PSEUDOC : BPF_SYNTAX_GNU, k >> 1, out);
      fclose (out);
      if (rc == 0 && k == 0)
        {
          struct asm_opts o = { ASM_SYNTAX_AUTO, 0, 0, NULL, 1 << 20 };
          asm_free (asm_run ("dis.s", text, len, &o));
        }
      free (text);
    }
  return 0;
}
