	.data
	.globl x
x:	lddw %r1,5
	lddw %r2,x+8
	.quad x
