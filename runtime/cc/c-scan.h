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

/* S[I] starts a line (it is that line's first character, or only blanks
   come before it on the line).  */
bool c_line_start_at (const char *s, size_t i);

/* When the line that starts at S[I] is a directive (a line marker
   `# N "file"', a #pragma: `#' first after blanks), the index of its end
   (its newline, or N); else I.  */
size_t c_directive_end (const char *s, size_t n, size_t i);

#endif
