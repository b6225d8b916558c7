/* core-bases.h: CO-RE field queries through a null pointer (core-bases.c).  */
#ifndef BPFSUPPORT_CORE_BASES_H
#define BPFSUPPORT_CORE_BASES_H

#include <stddef.h>

/* The N bytes of preprocessed C at S, with the `0' of each `(... *)0' in
   the first argument of __builtin_preserve_field_info replaced by an
   extern pointer declared first, in *OUT (malloc'd, *OUT_LEN bytes).
   Returns how many were replaced (0: *OUT is S's copy), -1 when out of
   memory.  */
int core_null_bases (const char *s, size_t n, char **out, size_t *out_len);

#endif
