# .set redefinition: each use sees the value current where it appears;
# a use before the first definition sees the first one (as gas).  A .set
# of a symbol still undefined stands for it (gas's equated symbols).
	.data
	.byte fwd
	.set fwd, 5
	.byte fwd
	.set fwd, 6
	.byte fwd
	.set fwd, fwd * 2
	.byte fwd
	x = 3
	.byte x
	x = x + 1
	.byte x
	.equ y, 7
	.byte y
	.equ y, 8
	.byte y
	.text
	mov32 %r4, .Ltid7
	mov %r1, .Ltid7 + 1
	lddw %r2, .Lalias
	lddw %r3, .Lalias + 4
	exit
	.data
	.align 3
var:	.dword 0, 0
	.set .Ltid7, 28
	.set .Lalias, var
	.text
	.set a, b
	.set c, ext + 4
	.set dd, b + 8
	lddw %r1, a
	lddw %r2, c
	lddw %r3, dd
	call fn_alias
	.set fn_alias, fn
	exit
	.globl fn
fn:	exit
	.data
	.long b - a
b:	.dword 1, 2, 3
	.dword a, c
