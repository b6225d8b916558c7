# Macro definitions and invocations; assembled by bpf-asm and bpf-as, the
# objects must be identical (macro.exp).
	.data
	.macro pair a, b=9
	.byte \a, \b
	.endm
	pair 1, 2
	pair 3
	pair b=5, a=4
	pair 6 7
	pair 10,
	.macro Mixed x y:req z=3
	.2byte \x + \y + \z
	.endm
	mixed 1, 2
	MIXED 1 2 10
	.macro rest first, others:vararg
	.byte \first
	.ascii "\others|"
	.endm
	rest 1, 2, 3 4,5
	rest 9
	.macro cat p, s
	.ascii "\p\()_\s|\(lit)|"
	.endm
	cat ab, cd
	cat "a b", "c,d"
	.macro count
	.byte \@
	.endm
	count
	count
	.macro early n
	.byte 0xe0
	.if \n > 2
	.exitm
	.endif
	.byte \n
	.endm
	early 1
	early 5
	.macro outer v
	.macro inner_\v w
	.byte \v, \w
	.endm
	.endm
	outer 7
	inner_7 8
	.purgem inner_7
	.macro inner_7 w
	.byte 0x77, \w
	.endm
	inner_7 9
	.macro down n
	.byte \n
	.if \n
	down "(\n - 1)"
	.endif
	.endm
	down 4
	.macro lbl n
lab_\n:	.byte \n
	.endm
	lbl 1
	lbl 2
	.byte lab_2 - lab_1
	.macro str s
	.asciz "\s"
	.endm
	str "with \"quotes\""
	.macro apos a
	.ascii "\a'x"
	.endm
	apos 5
	.text
	.macro ld r, off
	ldxw \r, [%r1+\off]
	.endm
	ld %r2, 8
	ld %r3, -4
	.macro twice insn
	\insn
	\insn
	.endm
	twice "add %r1, 1"
lbl2:	twice "mov %r0, 0"
	exit
