/* Entry points of the variadic stdio functions, in assembly: bpf-gcc 12's
   va_start does not save the argument registers (its va_list is the
   frame pointer, and BPF passes everything in r1-r5), so a C variadic
   function cannot see its variable arguments.  Each entry stores the
   variadic registers in its frame as consecutive 8-byte slots, which is
   the layout bpf-gcc's va_arg reads, and calls the v* function with a
   va_list pointing at them.  One function per object (-DL_name).  */
	.text

#ifdef L_printf
	.globl	printf
	.type	printf, @function
	.align	3
printf:
	stxdw	[%fp+-32], %r2
	stxdw	[%fp+-24], %r3
	stxdw	[%fp+-16], %r4
	stxdw	[%fp+-8], %r5
	mov	%r2, %fp
	add	%r2, -32
	call	vprintf
	exit
	.size	printf, .-printf
#endif
#ifdef L_fprintf
	.globl	fprintf
	.type	fprintf, @function
	.align	3
fprintf:
	stxdw	[%fp+-24], %r3
	stxdw	[%fp+-16], %r4
	stxdw	[%fp+-8], %r5
	mov	%r3, %fp
	add	%r3, -24
	call	vfprintf
	exit
	.size	fprintf, .-fprintf
#endif
#ifdef L_sprintf
	.globl	sprintf
	.type	sprintf, @function
	.align	3
sprintf:
	stxdw	[%fp+-24], %r3
	stxdw	[%fp+-16], %r4
	stxdw	[%fp+-8], %r5
	mov	%r3, %fp
	add	%r3, -24
	call	vsprintf
	exit
	.size	sprintf, .-sprintf
#endif
#ifdef L_snprintf
	.globl	snprintf
	.type	snprintf, @function
	.align	3
snprintf:
	stxdw	[%fp+-16], %r4
	stxdw	[%fp+-8], %r5
	mov	%r4, %fp
	add	%r4, -16
	call	vsnprintf
	exit
	.size	snprintf, .-snprintf
#endif
