	.rept 100000
	no_such_insn %r1
	.endr
