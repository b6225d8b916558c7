	.macro m a, b=2, c:req, d:vararg
	.byte \a, \b, \c
	.ifb \d
	.exitm
	.endif
	.ascii "\d\@\+\()"
	.endm
	m 1,,3
	m c=1, a=2
	m 1 2 3 4, 5
	.irp r, %r1, %fp
	.ifc \r, %fp
	.set x, 10
	.elseif 1 < 2 && !0 || 3 >= 4
	.set x, x + 1
	.else
	.error "no"
	.endif
	.endr
	.rept 3
	.irpc ch, ab
	.byte '\ch'
	.endr
	.endr
	.purgem m
	.macro m
	m
	.endm
	.ifdef x
	.ifndef y
	.ifeqs "a", "a"
	.warning "w"
	.endif
	.endif
	.endif
