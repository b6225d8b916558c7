/* decl-attrs.h: attributes after a function definition's declarator
   (decl-attrs.c).  */
#ifndef BPFSUPPORT_DECL_ATTRS_H
#define BPFSUPPORT_DECL_ATTRS_H

#include <stddef.h>

/* The N bytes of preprocessed C at S, with each attribute list written
   between a file-scope function definition's `)' and its `{' moved to the
   start of that definition, in *OUT (malloc'd, NUL-terminated, *OUT_LEN
   bytes).  Returns how many lists were moved (0: *OUT is S's copy), -1
   when out of memory.  */
int decl_attrs_hoist (const char *s, size_t n, char **out, size_t *out_len);

#endif
