# bpf-asm -d /tmp/corp/mem-O2.o
	.file	"mem.c"

	.section	".text","ax",@progbits
	.balign	8
	.globl	st
	.type	st, @function
	.size	st, 80
st:
	r2 <<= 32
	r2 s>>= 32
	*(u8 *)(r1 + 0) = r2
	*(u16 *)(r1 + 2) = r2
	*(u32 *)(r1 + 4) = r2
	*(u64 *)(r1 + 8) = r2
	*(u8 *)(r1 + 16) = -1
	*(u16 *)(r1 + 18) = -2
	*(u32 *)(r1 + 20) = -3
	exit
	.globl	ld
	.type	ld, @function
	.size	ld, 176
ld:
	r0 = *(u8 *)(r1 + 16)
	r0 <<= 56
	r0 s>>= 56
	r2 = *(u16 *)(r1 + 18)
	r2 <<= 48
	r2 s>>= 48
	r0 += r2
	r3 = *(u64 *)(r1 + 8)
	r0 += r3
	r4 = *(u32 *)(r1 + 20)
	r4 <<= 32
	r4 s>>= 32
	r0 += r4
	r5 = *(u16 *)(r1 + 2)
	r2 = *(u8 *)(r1 + 0)
	w5 += w2
	r3 = *(u32 *)(r1 + 4)
	r1 = r5
	w1 += w3
	w4 = w1
	r0 += r4
	exit
	.globl	stack
	.type	stack, @function
	.size	stack, 200
stack:
	*(u64 *)(r10 - 64) = r1
	r0 = r1
	r0 += 1
	*(u64 *)(r10 - 56) = r0
	r0 += 1
	*(u64 *)(r10 - 48) = r0
	r0 += 1
	*(u64 *)(r10 - 40) = r0
	r0 += 1
	*(u64 *)(r10 - 32) = r0
	r0 += 1
	*(u64 *)(r10 - 24) = r0
	r0 += 1
	*(u64 *)(r10 - 16) = r0
	r0 += 1
	*(u64 *)(r10 - 8) = r0
	r0 = *(u64 *)(r10 - 40)
	r1 &= 7
	r1 <<= 3
	r2 = r10
	r2 += r1
	r2 += -64
	r1 = *(u64 *)(r2 + 0)
	r0 += r1
	exit
	.globl	cp
	.type	cp, @function
	.size	cp, 392
cp:
	r0 = *(u8 *)(r2 + 0)
	*(u8 *)(r1 + 0) = r0
	r3 = *(u8 *)(r2 + 1)
	*(u8 *)(r1 + 1) = r3
	r4 = *(u8 *)(r2 + 2)
	*(u8 *)(r1 + 2) = r4
	r5 = *(u8 *)(r2 + 3)
	*(u8 *)(r1 + 3) = r5
	r0 = *(u8 *)(r2 + 4)
	*(u8 *)(r1 + 4) = r0
	r3 = *(u8 *)(r2 + 5)
	*(u8 *)(r1 + 5) = r3
	r4 = *(u8 *)(r2 + 6)
	*(u8 *)(r1 + 6) = r4
	r5 = *(u8 *)(r2 + 7)
	*(u8 *)(r1 + 7) = r5
	r0 = *(u8 *)(r2 + 8)
	*(u8 *)(r1 + 8) = r0
	r3 = *(u8 *)(r2 + 9)
	*(u8 *)(r1 + 9) = r3
	r4 = *(u8 *)(r2 + 10)
	*(u8 *)(r1 + 10) = r4
	r5 = *(u8 *)(r2 + 11)
	*(u8 *)(r1 + 11) = r5
	r0 = *(u8 *)(r2 + 12)
	*(u8 *)(r1 + 12) = r0
	r3 = *(u8 *)(r2 + 13)
	*(u8 *)(r1 + 13) = r3
	r4 = *(u8 *)(r2 + 14)
	*(u8 *)(r1 + 14) = r4
	r5 = *(u8 *)(r2 + 15)
	*(u8 *)(r1 + 15) = r5
	r0 = *(u8 *)(r2 + 16)
	*(u8 *)(r1 + 16) = r0
	r3 = *(u8 *)(r2 + 17)
	*(u8 *)(r1 + 17) = r3
	r4 = *(u8 *)(r2 + 18)
	*(u8 *)(r1 + 18) = r4
	r5 = *(u8 *)(r2 + 19)
	*(u8 *)(r1 + 19) = r5
	r0 = *(u8 *)(r2 + 20)
	*(u8 *)(r1 + 20) = r0
	r3 = *(u8 *)(r2 + 21)
	*(u8 *)(r1 + 21) = r3
	r4 = *(u8 *)(r2 + 22)
	*(u8 *)(r1 + 22) = r4
	r2 = *(u8 *)(r2 + 23)
	*(u8 *)(r1 + 23) = r2
	exit
	.globl	zero
	.type	zero, @function
	.size	zero, 208
zero:
	r0 = 0
	*(u8 *)(r1 + 0) = r0
	*(u8 *)(r1 + 1) = r0
	*(u8 *)(r1 + 2) = r0
	*(u8 *)(r1 + 3) = r0
	*(u8 *)(r1 + 4) = r0
	*(u8 *)(r1 + 5) = r0
	*(u8 *)(r1 + 6) = r0
	*(u8 *)(r1 + 7) = r0
	*(u8 *)(r1 + 8) = r0
	*(u8 *)(r1 + 9) = r0
	*(u8 *)(r1 + 10) = r0
	*(u8 *)(r1 + 11) = r0
	*(u8 *)(r1 + 12) = r0
	*(u8 *)(r1 + 13) = r0
	*(u8 *)(r1 + 14) = r0
	*(u8 *)(r1 + 15) = r0
	*(u8 *)(r1 + 16) = r0
	*(u8 *)(r1 + 17) = r0
	*(u8 *)(r1 + 18) = r0
	*(u8 *)(r1 + 19) = r0
	*(u8 *)(r1 + 20) = r0
	*(u8 *)(r1 + 21) = r0
	*(u8 *)(r1 + 22) = r0
	*(u8 *)(r1 + 23) = r0
	exit
	.globl	imm
	.type	imm, @function
	.size	imm, 48
imm:
	*(u64 *)(r1 + 0) = 5
	*(u64 *)(r1 + 8) = -7
	*(u32 *)(r1 + 16) = 9
	*(u16 *)(r1 + 20) = 3
	*(u8 *)(r1 + 22) = 1
	exit

	.section	".data","aw",@progbits

	.section	".bss","aw",@nobits

	.section	".comment","MS",@progbits,1
	.byte	0x00,0x47,0x43,0x43,0x3a,0x20,0x28,0x31,0x32,0x2e,0x32,0x2e,0x30,0x2d,0x31,0x34
	.byte	0x2b,0x64,0x65,0x62,0x31,0x32,0x75,0x31,0x2b,0x29,0x20,0x31,0x32,0x2e,0x32,0x2e
	.byte	0x30,0x00
