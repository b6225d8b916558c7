	.file	"prog.c"
	.text
	.section	socket,"ax",@progbits
	.align	3
	.global	prog
	.type	prog, @function
prog:
	mov	%r6,%r1
	stw	[%fp+-12],1
	mov	%r2,%fp
	add	%r2,-12
	lddw	%r1,amap
	call	1
	jeq	%r0,0,.L2
	lddw	%r1,cfg
	ldxw	%r2,[%r1+16]
	lsh	%r2,32
	arsh	%r2,32
	ldxdw	%r3,[%r1+8]
	add	%r2,%r3
	ldxdw	%r4,[%r0+0]
	add	%r4,%r2
	stxdw	[%r0+0],%r4
.L2:
	ldxw	%r0,[%r6+0]
	stxdw	[%fp+-8],%r0
	mov	%r4,0
	mov	%r3,%fp
	add	%r3,-8
	mov	%r2,%fp
	add	%r2,-12
	lddw	%r1,hmap
	call	2
	lddw	%r5,seen
	stw	[%r5+0],1
	mov	%r0,0
	exit
	.size	prog, .-prog
	.section	xdp,"ax",@progbits
	.align	3
	.global	xprog
	.type	xprog, @function
xprog:
	ldxw	%r0,[%r1+4]
	ldxw	%r1,[%r1+0]
	sub32	%r0,%r1
	jgt32	%r0,64,.L10
	mov	%r0,1
	exit
.L10:
	mov	%r0,2
	exit
	.size	xprog, .-xprog
	.global	_license
	.section	license,"aw"
	.type	_license, @object
	.size	_license, 4
_license:
	.string	"GPL"
	.local	seen
	.comm	seen,4,4
	.global	cfg
	.data
	.align	3
	.type	cfg, @object
	.size	cfg, 24
cfg:
	.word	1
	.zero	4
	.dword	2
	.word	3
	.zero	4
	.global	hmap
	.section	.maps,"aw"
	.align	3
	.type	hmap, @object
	.size	hmap, 32
hmap:
	.zero	32
	.global	amap
	.align	3
	.type	amap, @object
	.size	amap, 32
amap:
	.zero	32
	.ident	"GCC: (12.2.0-14+deb12u1+) 12.2.0"
