# The preamble the bpfsupport plugin writes for instructions bpf-as 2.40
# has no mnemonic for (atomics, cpu v4 division), with every register.
	.text
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
	.macro __bpfs_cmpxchg code, out, ptr, old, new
	mov %r0, \old
	__bpfs_insn \code, \ptr, \new, 0, 0xf1
	mov \out, %r0
	.endm
	.irp d, %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %fp
	.irp s, %r0, %r5, %r10
	__bpfs_insn 0xdb, \d, \s, 0, 0x1
	__bpfs_insn 0xc3, \d, \s, -8, 0xe1
	.endr
	.endr
 #APP
; 33 "prog.c" 1
	__bpfs_insn 0x3f, %r1, %r2, 1, 0
; 0 "" 2
 #NO_APP
	__bpfs_cmpxchg 0xdb, %r3, %r1, %r4, %r5
	__bpfs_cmpxchg 0xc3, %r6, %fp, %r7, %r8
	exit
