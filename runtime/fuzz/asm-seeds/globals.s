	.file	"globals.c"
	.text
	.align	3
	.global	get_b
	.type	get_b, @function
get_b:
	lddw	%r0,gp
	ldxdw	%r0,[%r0+8]
	add	%r0,4
	exit
	.size	get_b, .-get_b
	.align	3
	.global	get_c
	.type	get_c, @function
get_c:
	and	%r1,3
	lddw	%r0,gp
	add	%r0,%r1
	ldxb	%r0,[%r0+16]
	lsh32	%r0,24
	arsh32	%r0,24
	add32	%r0,111
	exit
	.size	get_c, .-get_c
	.align	3
	.global	bump
	.type	bump, @function
bump:
	lddw	%r2,counter
	ldxdw	%r0,[%r2+0]
	add	%r0,1
	stxdw	[%r2+0],%r0
	and	%r1,15
	lddw	%r4,arr
	lsh	%r1,2
	mov	%r3,%r4
	add	%r3,%r1
	ldxw	%r1,[%r3+0]
	add32	%r1,3
	stxw	[%r3+0],%r1
	stxw	[%r4+28],%r0
	exit
	.size	bump, .-bump
	.align	3
	.global	tab
	.type	tab, @function
tab:
	mov	%r0,%r1
	mod32	%r0,3
	mov32	%r3,%r0
	lsh	%r3,3
	lddw	%r2,names
	add	%r2,%r3
	ldxdw	%r4,[%r2+0]
	ldxb	%r0,[%r4+0]
	lsh32	%r0,24
	arsh32	%r0,24
	and	%r1,3
	lsh	%r1,2
	lddw	%r5,table
	add	%r5,%r1
	ldxw	%r1,[%r5+0]
	add32	%r0,%r1
	exit
	.size	tab, .-tab
	.global	pb
	.data
	.align	3
	.type	pb, @object
	.size	pb, 8
pb:
	.dword	gp+8
	.global	table
	.section	.rodata
	.align	2
	.type	table, @object
	.size	table, 16
table:
	.word	10
	.word	20
	.word	30
	.word	40
	.global	names
	.section	.rodata.str1.1,"aMS",@progbits,1
.LC0:
	.string	"zero"
.LC1:
	.string	"one"
.LC2:
	.string	"two"
	.data
	.align	3
	.type	names, @object
	.size	names, 24
names:
	.dword	.LC0
	.dword	.LC1
	.dword	.LC2
	.local	counter
	.comm	counter,8,8
	.global	arr
	.type	arr, @object
	.lcomm	arr,64,4
	.global	gp
	.align	3
	.type	gp, @object
	.size	gp, 24
gp:
	.word	1
	.zero	4
	.dword	2
	.string	"hi"
	.zero	3
	.zero	2
	.ident	"GCC: (12.2.0-14+deb12u1+) 12.2.0"
