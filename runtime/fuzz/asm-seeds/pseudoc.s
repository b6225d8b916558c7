# Every pseudo-C form llvm-mc 14 (-triple bpf -mattr=+alu32) accepts:
# bpf-asm must give byte-identical .text (checked by pseudoc.exp).
	r1 += r2
	r3 += 7
	r9 += -1
	r1 -= r2
	r3 -= 7
	r9 -= -1
	r1 *= r2
	r3 *= 7
	r9 *= -1
	r1 /= r2
	r3 /= 7
	r9 /= -1
	r1 |= r2
	r3 |= 7
	r9 |= -1
	r1 &= r2
	r3 &= 7
	r9 &= -1
	r1 <<= r2
	r3 <<= 7
	r9 <<= -1
	r1 >>= r2
	r3 >>= 7
	r9 >>= -1
	r1 ^= r2
	r3 ^= 7
	r9 ^= -1
	r1 = r2
	r3 = 7
	r9 = -1
	r1 s>>= r2
	r3 s>>= 7
	r9 s>>= -1
	w1 += w2
	w3 += 7
	w9 += -1
	w1 -= w2
	w3 -= 7
	w9 -= -1
	w1 *= w2
	w3 *= 7
	w9 *= -1
	w1 /= w2
	w3 /= 7
	w9 /= -1
	w1 |= w2
	w3 |= 7
	w9 |= -1
	w1 &= w2
	w3 &= 7
	w9 &= -1
	w1 <<= w2
	w3 <<= 7
	w9 <<= -1
	w1 >>= w2
	w3 >>= 7
	w9 >>= -1
	w1 ^= w2
	w3 ^= 7
	w9 ^= -1
	w1 = w2
	w3 = 7
	w9 = -1
	w1 s>>= w2
	w3 s>>= 7
	w9 s>>= -1
	r1 = -r1
	w2 = -w2
	r3 = be16 r3
	r3 = be32 r3
	r3 = be64 r3
	r4 = le16 r4
	r4 = le32 r4
	r4 = le64 r4
	r1 = 0 ll
	r2 = 0x123456789abcdef0 ll
	r3 = -1 ll
	r0 = 2147483647
	r1 = *(u8 *)(r2 + 4)
	r1 = *(u8 *)(r10 - 8)
	*(u8 *)(r10 - 16) = r3
	*(u8 *)(r1 + 32767) = r9
	r1 = *(u16 *)(r2 + 4)
	r1 = *(u16 *)(r10 - 8)
	*(u16 *)(r10 - 16) = r3
	*(u16 *)(r1 + 32767) = r9
	r1 = *(u32 *)(r2 + 4)
	r1 = *(u32 *)(r10 - 8)
	*(u32 *)(r10 - 16) = r3
	*(u32 *)(r1 + 32767) = r9
	r1 = *(u64 *)(r2 + 4)
	r1 = *(u64 *)(r10 - 8)
	*(u64 *)(r10 - 16) = r3
	*(u64 *)(r1 + 32767) = r9
	r0 = *(u8 *)skb[4]
	r0 = *(u8 *)skb[r3]
	r0 = *(u16 *)skb[4]
	r0 = *(u16 *)skb[r3]
	r0 = *(u32 *)skb[4]
	r0 = *(u32 *)skb[r3]
	if r1 == r2 goto +3
	if r1 == 5 goto -2
	if r1 != r2 goto +3
	if r1 != 5 goto -2
	if r1 > r2 goto +3
	if r1 > 5 goto -2
	if r1 >= r2 goto +3
	if r1 >= 5 goto -2
	if r1 < r2 goto +3
	if r1 < 5 goto -2
	if r1 <= r2 goto +3
	if r1 <= 5 goto -2
	if r1 s> r2 goto +3
	if r1 s> 5 goto -2
	if r1 s>= r2 goto +3
	if r1 s>= 5 goto -2
	if r1 s< r2 goto +3
	if r1 s< 5 goto -2
	if r1 s<= r2 goto +3
	if r1 s<= 5 goto -2
	if w1 == w2 goto +3
	if w1 == 5 goto -2
	if w1 != w2 goto +3
	if w1 != 5 goto -2
	if w1 > w2 goto +3
	if w1 > 5 goto -2
	if w1 >= w2 goto +3
	if w1 >= 5 goto -2
	if w1 < w2 goto +3
	if w1 < 5 goto -2
	if w1 <= w2 goto +3
	if w1 <= 5 goto -2
	if w1 s> w2 goto +3
	if w1 s> 5 goto -2
	if w1 s>= w2 goto +3
	if w1 s>= 5 goto -2
	if w1 s< w2 goto +3
	if w1 s< 5 goto -2
	if w1 s<= w2 goto +3
	if w1 s<= 5 goto -2
	goto +0
	goto -1
	call 1
	call 131
	exit
	lock *(u64 *)(r1 + 0) += r2
	lock *(u32 *)(r1 + 8) += w2
	lock *(u64 *)(r1 - 8) |= r2
	lock *(u64 *)(r1 + 0) &= r2
	lock *(u64 *)(r1 + 0) ^= r2
	lock *(u32 *)(r1 + 0) |= w2
	lock *(u32 *)(r1 + 0) &= w2
	lock *(u32 *)(r1 + 0) ^= w2
	*(u32 *)(r1 + 4) = w3
	w1 = *(u32 *)(r2 + 4)
	*(u8 *)(r1 + 4) = w3
