/* asm-inputs.h: `+' in inline asm input constraints (asm-inputs.c).  */
#ifndef BPFSUPPORT_ASM_INPUTS_H
#define BPFSUPPORT_ASM_INPUTS_H

#include <stddef.h>

/* Copy the N bytes of preprocessed C at S to OUT (N bytes at least),
   leaving out the `+' that starts an input operand's constraint in each
   asm statement; *OUT_LEN gets the length written.  Returns how many were
   left out, or -1 when out of memory.  */
int asm_inputs_drop_plus (const char *s, size_t n, char *out, size_t *out_len);

#endif
