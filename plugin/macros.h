/* macros.h: predefining a macro as clang does, in place of GCC's
   (plugin/target-macros.cc defines them on the preprocessor's first file
   change; plugin/type-macros.cc writes the C type macros).  */
#ifndef BPFSUPPORT_MACROS_H
#define BPFSUPPORT_MACROS_H

/* Define NAME as VALUE, replacing GCC's own definition, as a builtin (no
   -Wunused-macros, "previous definition" at <built-in>).  A NAME the
   command line names in -D or -U keeps the user's choice.  */
void bpfs_predefine (cpp_reader *, const char *name, const char *value);

/* The integer type, limit, format and width macros, the floating-point
   limits, as clang 19 spells them for BPF.  */
void bpfs_define_type_macros (cpp_reader *);

#endif
