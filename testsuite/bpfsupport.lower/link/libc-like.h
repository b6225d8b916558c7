/* A system header as far as GCC is concerned (the pragma): what a C
   library's header declares has no BPF definition to link with.  */
#pragma GCC system_header
extern int libc_like_atoi (const char *);
