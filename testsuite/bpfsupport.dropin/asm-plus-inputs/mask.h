/* A project's helper macro, as production BPF code writes it for clang:
   the `+' of an input constraint, which clang reads as a plain input.  */
#define COPY_PLUS_ONE(out, in) \
	asm volatile("%[o] = %[i]\n\t%[o] += 1" : [o] "=&r"(out) : [i] "+r"(in))
