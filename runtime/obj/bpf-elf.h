/* bpf-elf.h - <elf.h> and the BPF numbers it lacks, for the tools that
   write BPF objects (bpf-asm's elfw.c) and the one that reads them
   (bpfobj.h).  <elf.h> has EM_BPF, R_BPF_NONE, R_BPF_64_64 and
   R_BPF_64_32; the rest are defined here, once, and only where <elf.h>
   does not define them already.  */
#ifndef BPFSUPPORT_BPF_ELF_H
#define BPFSUPPORT_BPF_ELF_H

#include <elf.h>

/* BPF relocation numbers <elf.h> lacks (it has R_BPF_NONE, R_BPF_64_64
   and R_BPF_64_32): LLVM's, which binutils 2.41 and libbpf use too.  */
#ifndef R_BPF_64_ABS64
#define R_BPF_64_ABS64 2
#endif
#ifndef R_BPF_64_ABS32
#define R_BPF_64_ABS32 3
#endif
#ifndef R_BPF_64_NODYLD32
#define R_BPF_64_NODYLD32 4
#endif
/* binutils before 2.41 numbered data relocations its own way; objects
   from GCC with those binutils carry them.  */
#ifndef R_BPF_DATA_32
#define R_BPF_DATA_32 11
#endif
#ifndef R_BPF_DATA_64
#define R_BPF_DATA_64 12
#endif
/* e_flags: the object uses xBPF, GCC's extended BPF (binutils' name).  */
#ifndef EF_BPF_GNU_XBPF
#define EF_BPF_GNU_XBPF 0x1
#endif

#endif
