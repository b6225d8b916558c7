#!/usr/bin/env python3
"""bpfgen.py - random BPF-typical C programs for make fuzz-diff.

Where csmith writes general C, this writes what BPF programs do: u32 and
u64 values mixed (every u32 -> u64 zero extension), wrapping unsigned
arithmetic, comparisons used as values ((a <= b) << k, at every width and
signedness, with inputs drawn from a small pool so that equal operands are
common), byte-order helpers written with the endianness macros programs use
(__BYTE_ORDER__, __LITTLE_ENDIAN__, bpf_endian.h's), packet parsing behind
bounds checks (an XDP program over the test packet, constant and variable
offsets, an Ethernet/IPv4/UDP header walk), an array map updated and read
back, noinline subprograms taking u32 and u64 arguments, bounded loops.

The program is self-contained and UB-free: arithmetic is done on unsigned
types, shift counts are masked, divisors are or-ed with 1, signed values
are only compared, converted and shifted right.  Natively (no __BPF__) it
is a program that runs its body over the same packet, with an array in
place of the map, and prints the checksum; for BPF it is an XDP program
returning it.  The packet's hex is on the line `/// DATA: ...'.

usage: bpfgen.py --seed N [-o FILE]
"""
import argparse, random, sys

UT = ["u32", "u64"]
ALLT = ["u8", "u16", "u32", "u64", "s32", "s64"]
BITS = {"u8": 8, "u16": 16, "u32": 32, "u64": 64, "s32": 32, "s64": 64}
CMP = ["<", "<=", ">", ">=", "==", "!="]

ENDIAN_STYLES = {
    "byte-order": """#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define bg_ntohs(x) ((u16) __builtin_bswap16(x))
#define bg_ntohl(x) ((u32) __builtin_bswap32(x))
#else
#define bg_ntohs(x) ((u16) (x))
#define bg_ntohl(x) ((u32) (x))
#endif""",
    "little-endian-macro": """#ifdef __LITTLE_ENDIAN__
#define bg_ntohs(x) ((u16) ((((x) & 0xff) << 8) | (((x) >> 8) & 0xff)))
#define bg_ntohl(x) ((u32) __builtin_bswap32(x))
#else
#define bg_ntohs(x) ((u16) (x))
#define bg_ntohl(x) ((u32) (x))
#endif""",
    "big-endian-test": """#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define bg_ntohs(x) ((u16) (x))
#define bg_ntohl(x) ((u32) (x))
#else
#define bg_ntohs(x) ((u16) __builtin_bswap16(x))
#define bg_ntohl(x) ((u32) (((u32) (x) >> 24) | (((u32) (x) >> 8) & 0xff00) | (((u32) (x) << 8) & 0xff0000) | ((u32) (x) << 24)))
#endif""",
    "bpf_endian.h": """#ifdef __BPF__
#include <bpf/bpf_endian.h>
#define bg_ntohs(x) ((u16) bpf_ntohs(x))
#define bg_ntohl(x) ((u32) bpf_ntohl(x))
#else
#include <arpa/inet.h>
#define bg_ntohs(x) ((u16) ntohs(x))
#define bg_ntohl(x) ((u32) ntohl(x))
#endif""",
}


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        self.vars = []  # (name, type)
        self.n = 0
        self.funcs = []  # (name, [param types], code)
        self.lines = []

    def const(self, t="u64"):
        r = self.r
        c = r.choice([0, 1, 2, 3, 7, 31, 32, 63, 0xff, 0xffff, 0x7fffffff, 0x80000000,
                      0xffffffff, 0x100000000, 0x7fffffffffffffff, 0x8000000000000000,
                      0xffffffffffffffff, r.getrandbits(32), r.getrandbits(64), r.getrandbits(8)])
        if BITS.get(t, 64) < 64 or c < 2 ** 32:
            return "0x%xu" % (c & 0xffffffff)
        return "0x%xull" % c

    def leaf(self, env):
        if env and self.r.random() < 0.8:
            n, t = self.r.choice(env)
            return n
        return self.const()

    def expr(self, env, d):
        r = self.r
        if d <= 0 or r.random() < 0.2:
            return self.leaf(env)
        k = r.randrange(13)
        a = lambda: self.expr(env, d - 1)
        if k <= 3:  # wrapping arithmetic at 32 or 64 bits
            t = r.choice(UT)
            op = r.choice(["+", "-", "*", "^", "&", "|", "+", "-"])
            return "((%s) (%s) %s (%s) (%s))" % (t, a(), op, t, a())
        if k == 4:  # shifts, masked counts, logical or arithmetic right
            t = r.choice(UT + ["s32", "s64"])
            w = BITS[t] - 1
            cnt = str(r.randrange(w + 1)) if r.random() < 0.6 else "((%s) & %d)" % (a(), w)
            if t[0] == "s":
                return "((u64) ((%s) (%s) >> %s))" % (t, a(), cnt)
            return "((%s) (%s) %s %s)" % (t, a(), r.choice(["<<", ">>"]), cnt)
        if k in (5, 6):  # comparisons as values
            t = r.choice(ALLT)
            cmp = "((%s) (%s) %s (%s) (%s))" % (t, a(), r.choice(CMP), t, a())
            sh = r.randrange(40)
            if sh < 32:
                return "((u32) %s << %d)" % (cmp, sh)
            return "((u64) %s << %d)" % (cmp, sh)
        if k == 7:  # ternary on a comparison
            t = r.choice(ALLT)
            return "((%s) (%s) %s (%s) (%s) ? (%s) : (%s))" % (t, a(), r.choice(CMP), t, a(), a(), a())
        if k == 8:  # conversions: truncate, sign- and zero-extend
            t = r.choice(ALLT)
            t2 = r.choice(["u64", "s64", "u32"])
            return "((%s) (%s) (%s))" % (t2, t, a())
        if k == 9:  # unsigned division and remainder
            t = r.choice(UT)
            return "((%s) (%s) %s ((%s) (%s) | 1))" % (t, a(), r.choice(["/", "%"]), t, a())
        if k == 10:  # byte order
            f = r.choice(["bg_ntohs((u16) (%s))", "bg_ntohl((u32) (%s))"])
            return "((u64) " + f % a() + ")"
        if k == 11:  # unary
            t = r.choice(UT)
            return "(%s(%s) (%s))" % (r.choice(["~", "-", "!"]), t, a())
        if k == 12 and self.funcs:
            fn, ps, _ = r.choice(self.funcs)
            return "%s(%s)" % (fn, ", ".join("(%s) (%s)" % (p, a()) for p in ps))
        return self.leaf(env)

    def newvar(self, env, d=3):
        t = self.r.choice(ALLT + ["u32", "u64", "u32"])
        name = "v%d" % self.n
        self.n += 1
        self.lines.append("  %s %s = %s;" % (t, name, self.expr(env, d)))
        env.append((name, t))
        return name

    def fold(self, env, d=2):
        self.lines.append("  acc = acc * 0x100000001b3ull + (u64) (%s);" % self.expr(env, d))

    def func(self, i):
        r = self.r
        ps = [r.choice(["u32", "u64", "s32", "u16", "u32"]) for _ in range(r.randrange(1, 6))]
        env = [("p%d" % j, t) for j, t in enumerate(ps)]
        rt = r.choice(["u32", "u64"])
        body = "  return (%s) (%s);" % (rt, self.expr(env, 3))
        code = "static __attribute__((noinline)) %s f%d(%s)\n{\n%s\n}\n" % (
            rt, i, ", ".join("%s p%d" % (t, j) for j, t in enumerate(ps)), body)
        self.funcs.append(("f%d" % i, ps, code))

    def packet(self):
        r = self.r
        pool = [r.getrandbits(32) for _ in range(3)] + [0, 1, 0xffffffff, 0x80000000, 0x7fffffff]
        b = bytearray(r.getrandbits(8) for _ in range(12))  # MACs
        b += bytes([0x08, 0x00]) if r.random() < 0.8 else bytes([0x86, 0xdd])
        ihl = r.choice([5, 5, 5, 6, 7, 15])
        b += bytes([0x40 | ihl, 0])
        while len(b) < 64:
            b += r.choice(pool).to_bytes(4, "little")
        return bytes(b[:64])

    def program(self):
        r = self.r
        pkt = self.packet()
        style = r.choice(list(ENDIAN_STYLES))
        for i in range(r.randrange(0, 4)):
            self.func(i)
        env = []
        L = self.lines
        L.append("  u64 acc = 0x%xull;" % r.getrandbits(64))
        L.append("  if (data + 64 > data_end)")
        L.append("    return 0;")
        # inputs from the packet, at constant offsets
        for i in range(r.randrange(4, 9)):
            t = r.choice(["u32", "u32", "u64", "u16", "u8", "s32"])
            off = r.randrange(0, 64 - BITS[t] // 8 + 1)
            off -= off % (BITS[t] // 8)
            name = "in%d" % i
            L.append("  %s %s = *(%s *) (data + %d);" % (t, name, t, off))
            env.append((name, t))
        for _ in range(r.randrange(6, 16)):
            k = r.randrange(10)
            if k <= 3:
                self.newvar(env)
            elif k == 4:
                self.fold(env)
            elif k == 5:  # variable-offset packet read behind its bounds check
                t = r.choice(["u8", "u16", "u32"])
                L.append("  {")
                L.append("    u32 off = (u32) (%s) & %d;" % (self.expr(env, 2), 32 - BITS[t] // 8))
                L.append("    void *q = data + off;")
                L.append("    if (q + %d <= data_end)" % (BITS[t] // 8))
                L.append("      acc += *(%s *) q;" % t)
                L.append("  }")
            elif k == 6:  # map: update, look up, read back
                L.append("  {")
                L.append("    u32 key = (u32) (%s) & 7;" % self.expr(env, 2))
                L.append("    u64 val = (u64) (%s);" % self.expr(env, 2))
                if r.random() < 0.5:
                    L.append("    bpf_map_update_elem(&bg_map, &key, &val, 0);")
                else:
                    L.append("    u64 *p = bpf_map_lookup_elem(&bg_map, &key);")
                    L.append("    if (p) {")
                    L.append("      acc ^= *p;")
                    L.append("      *p = val + acc;")
                    L.append("    }")
                L.append("  }")
            elif k == 7:  # bounded loop
                L.append("  for (u32 i = 0; i < %d; i++)" % r.randrange(2, 6))
                e = "(u64) %s + i * %s" % (self.leaf(env), self.const())
                L.append("    acc = (acc ^ (u64) (%s)) * 31;" % e)
            elif k == 8:  # header walk: Ethernet, IPv4 header length, UDP ports
                L.append("  {")
                L.append("    u16 proto = bg_ntohs(*(u16 *) (data + 12));")
                L.append("    if (proto == 0x0800) {")
                L.append("      u32 l4 = 14 + (*(u8 *) (data + 14) & 0xf) * 4;")
                L.append("      if (data + l4 + 8 <= data_end) {")
                L.append("        u16 sport = bg_ntohs(*(u16 *) (data + l4));")
                L.append("        u16 dport = bg_ntohs(*(u16 *) (data + l4 + 2));")
                L.append("        acc += ((u32) (sport <= dport) << %d) + sport * 3 + dport;" % r.randrange(32))
                L.append("      } else")
                L.append("        acc += l4;")
                L.append("    } else")
                L.append("      acc ^= proto;")
                L.append("  }")
            else:
                self.fold(env)
        for n, t in env:
            if r.random() < 0.7:
                L.append("  acc = acc * 0x100000001b3ull + (u64) %s;" % n)
        L.append("  for (u32 k = 0; k < 8; k++) {")
        L.append("    u64 *p = bpf_map_lookup_elem(&bg_map, &k);")
        L.append("    if (p)")
        L.append("      acc = acc * 31 + *p;")
        L.append("  }")
        L.append("  return (u32) (acc ^ (acc >> 32));")

        out = []
        w = out.append
        w("/* bpfgen.py --seed %d (endianness: %s) */" % (self.seed, style))
        w("/// DATA: %s" % pkt.hex())
        w("""typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef int s32;
typedef long long s64;
#ifdef __BPF__
#include <linux/bpf.h>
#ifdef BG_KERNEL_HELPER
/* bpf-gcc without the plugin (fuzz-diff's backend check): GCC 12's own
   helper declarations; libbpf's map definition macros still work.  */
#define SEC(name) __attribute__((section(name), used))
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name
static void *bpf_map_lookup_elem(void *, const void *) __attribute__((kernel_helper(1)));
static long bpf_map_update_elem(void *, const void *, const void *, u64) __attribute__((kernel_helper(2)));
#else
#include <bpf/bpf_helpers.h>
#endif
struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 8);
  __type(key, u32);
  __type(value, u64);
} bg_map SEC(".maps");
#else
#include <stdio.h>
#include <string.h>
/* the reference: a little-endian machine with clang's BPF predefines */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && !defined(__LITTLE_ENDIAN__)
#define __LITTLE_ENDIAN__ 1
#endif
static u64 bg_map[8];
static void *bpf_map_lookup_elem(void *m, const void *k)
{
  u32 key = *(const u32 *) k;
  return key < 8 ? &((u64 *) m)[key] : 0;
}
static long bpf_map_update_elem(void *m, const void *k, const void *v, u64 flags)
{
  u32 key = *(const u32 *) k;
  if (key >= 8)
    return -7;
  memcpy(&((u64 *) m)[key], v, 8);
  return 0;
}
#endif""")
        w(ENDIAN_STYLES[style])
        w("")
        for _, _, code in self.funcs:
            w(code)
        w("static __attribute__((always_inline)) inline u32 bg_body(void *data, void *data_end)\n{")
        w("\n".join(L))
        w("}\n")
        w("""#ifdef __BPF__
SEC("xdp")
int bg_xdp(struct xdp_md *ctx)
{
  return bg_body((void *) (long) ctx->data, (void *) (long) ctx->data_end);
}
char _license[] SEC("license") = "GPL";
#else
static u8 bg_packet[64] __attribute__((aligned(8))) = { %s };
int main(void)
{
  printf("%%u\\n", bg_body(bg_packet, bg_packet + sizeof bg_packet));
  return 0;
}
#endif""" % ", ".join("0x%02x" % x for x in pkt))
        return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("-o", dest="out")
    a = ap.parse_args()
    text = Gen(a.seed).program()
    if a.out:
        open(a.out, "w").write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
