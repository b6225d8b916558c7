/* c-scan.h: the few pieces of C's lexical structure that bpf-cc's rewrites
   of preprocessed text need (asm-inputs.c, core-bases.c).  */
#ifndef BPFSUPPORT_C_SCAN_H
#define BPFSUPPORT_C_SCAN_H

#include <stdbool.h>
#include <stddef.h>

/* A character of an identifier (or of a number's suffix).  */
bool c_ident_char (char c);

/* Past the string or character literal that starts at S[I] (its quote),
   escapes included; N at the end of the text or of an unclosed line.  */
size_t c_skip_literal (const char *s, size_t n, size_t i);

/* Past white space (newlines included) from S[I].  */
size_t c_skip_blank (const char *s, size_t n, size_t i);

#endif
