/* dis.c - placeholder */
#include "asm/asm.h"
int dis_file (const char *path, enum bpf_syntax syntax, int show_bytes, FILE *out) { (void)path;(void)syntax;(void)show_bytes;(void)out; return 1; }
