# .rept, .irp and .irpc, nested and inside macros.
	.data
	.rept 3
	.byte 0xaa
	.endr
	.rept 0
	.byte 0
	.endr
	.irp n, 1, 2 3,4
	.byte \n
	.endr
	.irp n
	.ascii "<\n>"
	.endr
	.irpc c, abc
	.ascii "\c\c"
	.endr
	.irpc c, "x y"
	.ascii "[\c]"
	.endr
	.irp a, 1, 2
	.irp b, 3, 4
	.byte \a * 10 + \b
	.endr
	.endr
	.rept 2
	.irp v, 5, 6
	.byte \v
	.endr
	.endr
	.macro regs base
	.irp i, 0, 1, 2
	.byte \base + \i
	.endr
	.endm
	regs 0x10
	regs 0x20
	.macro stop
	.byte 0x51
	.irp i, 1, 2
	.byte \i
	.exitm
	.endr
	.byte 0x52
	.endm
	stop
	.set n, 0
	.rept 5
	.set n, n + 1
	.byte n
	.endr
	.text
	.irp r, %r1, %r2, %r3
	mov \r, 0
	.endr
	exit
