#!/usr/bin/env python3
"""insn-diff.py - random instruction sequences, bpf-run against the kernel
(make fuzz-diff's instruction half; doc/testing.md).

runtime/fuzz/run-insn-fuzz.c feeds bpf-run raw instruction streams for
robustness (no crash, no hang) but never compares with the kernel; here
each case is a verifier-acceptable XDP program in pseudo-C assembly,
assembled with bpf-asm: every register r0..r9 set by lddw, then ALU64 and
ALU32 operations with immediates and registers (division and remainder by
zero included: the ISA defines them), masked shift counts, v4's sdiv/smod,
movsx, bswap and be/le conversions, forward conditional jumps (64- and
32-bit), then every register folded into r0.  The retval of bpf-run and of
the kernel (bpf-kload) must agree.  With --seeds, runtime/fuzz's
run-insn-seeds of the XDP type are replayed the same way.

usage: insn-diff.py --build BUILD [-n N] [--seed S] [--len L] [--out DIR]
"""
import argparse, os, random, re, subprocess, sys

OPS = ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "="]
SHIFTS = ["<<=", ">>=", "s>>="]
JMPS = ["==", "!=", ">", ">=", "<", "<=", "s>", "s>=", "s<", "s<=", "&"]
PACKET = "00" * 64


def gen(seed, length):
    r = random.Random(seed)
    L = []
    regs = list(range(10))
    for i in regs:
        L.append("r%d = 0x%x ll" % (i, r.choice([0, 1, 0xffffffff, 0x80000000, 0x7fffffff,
                                                 0xffffffffffffffff, 0x8000000000000000,
                                                 r.getrandbits(64), r.getrandbits(32), r.getrandbits(8)])))
    pending = []  # (position where a forward jump lands)
    for n in range(length):
        k = r.randrange(12)
        d, s = r.choice(regs), r.choice(regs)
        w = r.random() < 0.4
        R = "w" if w else "r"
        imm = r.choice([0, 1, -1, 31, 32, 63, 0x7fffffff, -0x80000000, r.randrange(-2 ** 31, 2 ** 31)])
        if k <= 4:
            op = r.choice(OPS)
            src = "%s%d" % (R, s) if r.random() < 0.6 else str(imm)
            if op in ("/=", "%=") and src == "0":
                src = "%s%d" % (R, s)  # the verifier refuses a division by immediate zero
            L.append("%s%d %s %s" % (R, d, op, src))
        elif k == 5:
            op = r.choice(SHIFTS)
            if r.random() < 0.5:
                L.append("%s%d %s %d" % (R, d, op, r.randrange(32 if w else 64)))
            else:
                L.append("%s%d &= %d" % (R, s, 31 if w else 63))
                L.append("%s%d %s %s%d" % (R, d, op, R, s))
        elif k == 6:
            L.append("%s%d = -%s%d" % (R, d, R, d))
        elif k == 7:  # v4
            c = r.randrange(5)
            if c == 0:
                L.append("%s%d %s %s%d" % (R, d, r.choice(["s/=", "s%="]), R, s))
            elif c == 1:
                L.append("%s%d = (s%d) %s%d" % (R, d, r.choice([8, 16] + ([] if w else [32])), R, s))
            elif c == 2:
                L.append("r%d = bswap%d r%d" % (d, r.choice([16, 32, 64]), d))
            else:
                L.append("r%d = %s%d r%d" % (d, r.choice(["be", "le"]), r.choice([16, 32, 64]), d))
        elif k == 8:  # forward conditional jump over a few instructions
            op = r.choice(JMPS)
            src = "%s%d" % (R, s) if r.random() < 0.6 else str(imm)
            L.append(("if %s%d %s %s goto " % (R, d, op, src)) + "@%d" % n)
            pending.append((n, n + r.randrange(1, 4)))
        else:
            L.append("%s%d = %s%d" % (R, d, R, s) if r.random() < 0.5 else "%s%d ^= %s%d" % (R, d, R, s))
        L.append("#%d" % n)  # marks the end of generated instruction n
    # resolve jumps: count real instructions (lddw is two) between them
    out, labels = [], {}
    for l in L:
        if l.startswith("#"):
            labels[int(l[1:])] = len(out)
        else:
            out.append(l)
    for j, (at, to) in enumerate(pending):
        labels.setdefault(to, len(out))
    final = []
    for idx, l in enumerate(out):
        m = re.search(r"@(\d+)$", l)
        if m:
            n = int(m.group(1))
            target = dict(pending)[n]
            final.append(l[:m.start()] + "LBL%d" % min(target, max(labels)))
        else:
            final.append(l)
    # place the labels after the instruction whose index they name
    text = []
    ends = {}
    for n, pos in labels.items():
        ends.setdefault(pos, []).append(n)
    for idx, l in enumerate(final):
        text.append("\t" + l)
        for n in ends.get(idx + 1, []):
            text.append("LBL%d:" % n)
    for i in range(1, 10):
        text.append("\tr0 ^= r%d" % i)
        text.append("\tr0 *= 0x1003f")
    text += ["\tr1 = r0", "\tr1 >>= 32", "\tr0 ^= r1", "\texit"]
    used = set(re.findall(r"LBL(\d+)", "\n".join(final)))
    text = [t for t in text if not (t.endswith(":") and t[3:-1] not in used)]
    return ("\t.section xdp,\"ax\",@progbits\n\t.globl f\n\t.type f,@function\nf:\n"
            + "\n".join(text) + "\n\t.size f, .-f\n"
            "\t.section license,\"aw\",@progbits\n_license:\n\t.asciz \"GPL\"\n")


def seed_asm(path):
    """A run-insn seed (first byte: type, low two bits 0 = XDP) as .quad lines."""
    b = open(path, "rb").read()
    if len(b) < 9 or b[0] & 3 != 0:
        return None
    code = b[1:1 + (len(b) - 1) // 8 * 8]
    q = ["\t.quad 0x%016x" % int.from_bytes(code[i:i + 8], "little") for i in range(0, len(code), 8)]
    return ("\t.section xdp,\"ax\",@progbits\n\t.globl f\n\t.type f,@function\nf:\n" + "\n".join(q)
            + "\n\t.size f, .-f\n\t.section license,\"aw\",@progbits\n_license:\n\t.asciz \"GPL\"\n")


def run(cmd, t=30):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=t, errors="replace")
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return None, "timeout"


def retval(out):
    m = re.search(r'"retval":(-?\d+)', out)
    return int(m.group(1)) & 0xffffffff if m else None


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(os.path.dirname(os.path.dirname(here)), "build"))
    ap.add_argument("-n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--len", type=int, default=40)
    ap.add_argument("--out", default=None)
    ap.add_argument("--seeds", action="store_true", help="also replay runtime/fuzz/run-insn-seeds")
    a = ap.parse_args()
    b = os.path.join(a.build, "bin")
    out = a.out or os.path.join(a.build, "fuzz-diff", "insn")
    os.makedirs(out, exist_ok=True)
    cases = [("insn-%d" % (a.seed + i), gen(a.seed + i, a.len)) for i in range(a.n)]
    if a.seeds:
        sd = os.path.join(os.path.dirname(here), "..", "runtime", "fuzz", "run-insn-seeds")
        for f in sorted(os.listdir(sd)) if os.path.isdir(sd) else []:
            s = seed_asm(os.path.join(sd, f))
            if s:
                cases.append(("seed-" + f, s))
    counts = {"agree": 0, "sim-divergence": 0, "kernel-refused": 0, "asm-error": 0, "timeout": 0}
    for name, text in cases:
        s = os.path.join(out, name + ".s")
        o = os.path.join(out, name + ".o")
        open(s, "w").write(text)
        rc, msg = run([os.path.join(b, "bpf-asm"), "-o", o, s])
        if rc != 0:
            counts["asm-error"] += 1
            print("%s: asm-error: %s" % (name, msg.strip().splitlines()[0] if msg.strip() else rc))
            continue
        rk, ko = run([os.path.join(b, "bpf-kload"), "--json", "--data-hex", PACKET, o])
        rs, so = run([os.path.join(b, "bpf-run"), "--json", "--data-hex", PACKET, o])
        if rk is None or rs is None:
            counts["timeout"] += 1
            print("%s: timeout (%s)" % (name, "kernel" if rk is None else "bpf-run"))
            continue
        vk, vs = retval(ko), retval(so)
        if vk is None:
            counts["kernel-refused"] += 1
            os.unlink(s); os.unlink(o)
            continue
        if vs != vk:
            counts["sim-divergence"] += 1
            print("%s: sim-divergence: bpf-run %s, kernel %#x (%s)" % (
                name, "%#x" % vs if vs is not None else so.strip()[:100], vk, s))
            continue
        counts["agree"] += 1
        os.unlink(s); os.unlink(o)
    print("insn-diff: %d programs: %s" % (len(cases), ", ".join("%d %s" % (v, k) for k, v in counts.items())))
    return 1 if counts["sim-divergence"] or counts["asm-error"] else 0


if __name__ == "__main__":
    sys.exit(main())
