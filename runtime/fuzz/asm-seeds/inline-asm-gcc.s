	.file	"t.c"
; GNU C17 header
	.section	xdp,"ax",@progbits
	.global	f
f:
	mov	%r0,1	; x, y
 #APP
; 12 "t.c" 1
	r0 += 2;r0 += 4; goto l0_6; l0_6: %r1 = r0; if %r1 != 0 goto +1; %r2 += %r1
	.ifc %r1, r1; r0 += 1; .endif; r3 = *(u64 *)[%fp+-8]; *(u64 *)[%fp+-8] = r3
	1: .byte 0xe5; .byte 0; .long ((.L3 - 1b - 8) / 8) & 0xffff; .short 0
	r1 = 0xffffffff00000000LL ll;	ldxdw	%r0,[%r0+104]	;core#1
; 0 "" 2
 #NO_APP
.L3:
	add	%r0,8	; r0
	exit
