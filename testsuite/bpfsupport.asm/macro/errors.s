# Diagnostics of macros and conditionals: errors.expect lists every line
# bpf-asm prints for this file (macro.exp), in order.
	.macro __bpfs_regno sym, reg
	.set \sym, -1
	.irp n, 0,1,2,3,4,5,6,7,8,9,10
	.ifc \reg, %r\n
	.set \sym, \n
	.endif
	.endr
	.ifc \reg, %fp
	.set \sym, 10
	.endif
	.if \sym < 0
	.error "bpfsupport: not a BPF register: \reg"
	.endif
	.endm
	.macro __bpfs_insn code, dst, src, off, imm
	__bpfs_regno .Lbpfs_dst, \dst
	__bpfs_regno .Lbpfs_src, \src
	.byte \code, (.Lbpfs_src << 4) | .Lbpfs_dst
	.2byte \off
	.4byte \imm
	.endm
	__bpfs_insn 0xdb, %r1, %r2, 0, 1
	__bpfs_insn 0xdb, %r11, %r2, 0, 1
	.macro movm d, s
	mov \d, \s
	.endm
	movm %r1, %r12
	.macro m a, b
	.byte \a
	.endm
	m 1, 2, 3
	m c=1
	m a=1, 2
	.macro r x:req
	.endm
	r
	.macro m
	.endm
	.macro bad a:foo
	.endm
	.macro dup a, a
	.endm
	.endm
	.endr
	.endif
	.else
	.elseif 1
	.if 1
	.else
	.else
	.endif
	.if 1
	.else
	.elseif 0
	.endif
	.if undefined_symbol
	.endif
	.warning "a warning is not an error"
	.error
	.exitm
	.purgem nosuch
	.set s, 1
	.set s, 2
lab:
	.set lab, 3
	.macro open
	.if 1
	.endm
	open
	.altmacro
	.fail 1
	.irp
	.endr
	.if 1
