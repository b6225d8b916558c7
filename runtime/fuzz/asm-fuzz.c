/* asm-fuzz.c - libFuzzer target for the bpf-asm parser: assemble the
   input in every syntax mode, with and without -mxbpf (no object is
   written: parsing, macros and conditionals, fixups and relocation
   building are exercised).  */
#include <stddef.h>
#include <stdint.h>
#include "asm/asm.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static const enum asm_syntax_mode modes[] = {
    ASM_SYNTAX_AUTO, ASM_SYNTAX_GNU, ASM_SYNTAX_PSEUDOC
  };
  for (int m = 0; m < 3; m++)
    {
      /* A small expansion budget keeps every run fast: macros can
         expand exponentially, bounded only by this.  */
      struct asm_opts o = { modes[m], m == 1, 0, NULL, 1 << 20 };
      struct asm_ctx *c = asm_run ("fuzz.s", (const char *) data, size, &o);
      asm_free (c);
    }
  /* The decoder and printer too: raw bytes as instructions.  */
  for (size_t off = 0; off + 8 <= size; off += 8)
    {
      struct bpf_insn in;
      char buf[128];
      if (bpf_insn_decode (data + off, size - off, &in) > 0)
        {
          bpf_insn_print (&in, BPF_SYNTAX_GNU, NULL, buf, sizeof buf);
          bpf_insn_print (&in, BPF_SYNTAX_PSEUDOC, "sym", buf, sizeof buf);
          bpf_insn_canonical (&in);
        }
    }
  return 0;
}
