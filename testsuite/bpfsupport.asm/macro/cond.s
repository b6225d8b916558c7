# Conditionals, inside and outside macros.
	.data
	.set one, 1
	.if one
	.byte 1
	.else
	.byte 0
	.endif
	.if one == 2
	.byte 0
	.elseif one < 2 && one > 0
	.byte 2
	.elseif 1
	.byte 0
	.else
	.byte 0
	.endif
	.if 0
	.if 1
	.byte 0
	.else
	.byte 0
	.endif
	.error "not assembled"
	.bogus directive ignored
	.else
	.byte 3
	.endif
	.ifdef one
	.byte 4
	.endif
	.ifndef two
	.byte 5
	.endif
	.ifnotdef one
	.byte 0
	.endif
	.ifc a b, a  b
	.byte 6
	.endif
	.ifnc abc, abd
	.byte 7
	.endif
	.ifeqs "s", "s"
	.byte 9
	.endif
	.ifnes "s", "t"
	.byte 10
	.endif
	.ifb
	.byte 11
	.endif
	.ifnb x
	.byte 12
	.endif
	.ifeq 0
	.byte 13
	.endif
	.ifne 3
	.byte 14
	.endif
	.ifge 0
	.byte 15
	.endif
	.ifgt 0
	.byte 0
	.else
	.byte 16
	.endif
	.ifle -1
	.byte 17
	.endif
	.iflt 0
	.byte 0
	.endif
	.macro kind r
	.ifc \r, %fp
	.byte 0xf
	.else
	.ifb \r
	.byte 0xb
	.else
	.byte 0xa
	.endif
	.endif
	.endm
	kind %fp
	kind
	kind %r1
	.if (1 < 2) == -1 && !(2 <= 1) && 3 >= 3 && 4 != 5 && 4 <> 5 || 0
	.byte 18
	.endif
	.byte 1 + 2 << 3, 1 | 2 + 4, 3 == 3, (1 < 2) && 5, 0 || 7, 6 ! 1, 2 <> 3
	.byte -1 < 0, 5 > -1, 8 >> 1 + 1, 7 & 3 * 2
	.if 1
	.if 0
	.elseif 1
	.byte 19
	.endif
	.endif
