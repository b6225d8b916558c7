	mov %r0,1
	mov %r11,1
	foo %r1
	ldxw %r1,[%r2+70000]
	ja nowhere
	.byte 300
	add %r1
	lddw %r1,
	.unknowndir 3
	jeq %r1,%r2,1b
	.section .bss
	.byte 1
	mov32 %r1, 0x100000000
	r1 = *(u32 *)(r2 + )
	if r1 >> r2 goto +1
	.string "abc
x:
x:
	call
	.size y, z-x
