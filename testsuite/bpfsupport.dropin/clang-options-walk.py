#!/usr/bin/env python3
"""clang-options-walk.py: every driver option of clang-19 through bpf-cc.

Each option of runtime/cc/clang-options.tsv (clang-19 --autocomplete=-,
with what clang-19 does with it in a BPF compile) is given to
`bpf-cc --print-command' with the same sample value, and what bpf-cc does
is classified: refused (with the reason it prints), unused (clang's
"argument unused during compilation" warning), ignored (the bpf-gcc
command is the one without the option), passed (the option is in the
command as given) or mapped (the command differs otherwise).  Options
that bpf-cc passes or maps are then compiled for real (--compile).

Checks, one PASS or FAIL line each (FAIL lines name the options):
  - no option that clang-19 accepts in a BPF compile is refused without a
    reason of its own (the generic "clang-only" refusal means that no
    rule classified it);
  - no option that clang-19 refuses for target bpf is accepted;
  - every -W option is passed or dropped, never refused;
  - every rule of clang-option-rules.txt that names one option names one
    clang-19 has;
  - every option passed or mapped compiles (--compile).
Then the table: clang-19's verdict against bpf-cc's class, and the
options refused with each reason.
"""
import argparse
import atexit
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

PROG = r"""
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} counts SEC(".maps");
SEC("xdp") int prog(struct xdp_md *ctx)
{
	__u32 k = 1;
	__u64 *v = bpf_map_lookup_elem(&counts, &k);
	if (v)
		__sync_fetch_and_add(v, 1);
	return XDP_PASS;
}
char LICENSE[] SEC("license") = "GPL";
"""

CLANG_NAMES = {
    "unused": "clang-19 warns: argument unused",
    "target": "clang-19 refuses it for bpf",
    "error": "clang-19 refuses the sample value",
    "same": "clang-19: same object",
    "debug": "clang-19: debug sections differ",
    "changed": "clang-19: object differs",
    "noobj": "clang-19: prints, no object",
    "warning": "a -W warning option",
}
# Passed on as clang-19 means them, and still no object of this program:
# each a limit of bpf-cc, listed in doc/bpf-cc.md.
COMPILE_EXCEPTIONS = {
    "-mbig-endian": "the plugin lowers atomics for little-endian BPF only",
    "-undef": "GCC's -undef also removes __GNUC__, which libbpf's SEC() "
              "reads; clang keeps __clang__",
}
GENERIC = ("clang-only; bpf-gcc has no equivalent", "clang-only or unknown")


def args_for(opt, value):
    if value.startswith(" "):
        return [opt, value[1:]]
    if value:
        return [opt + value]
    return [opt]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bpf-cc", required=True)
    ap.add_argument("--tsv", required=True)
    ap.add_argument("--rules", required=True)
    ap.add_argument("--compile", action="store_true")
    ap.add_argument("--table", action="store_true",
                    help="print the refused options with their reasons too")
    a = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="clang-options-walk-")
    atexit.register(shutil.rmtree, tmp, True)  # it was left in /tmp
    src = os.path.join(tmp, "p.c")
    with open(src, "w") as f:
        f.write(PROG)

    def bpfcc(extra, print_only=True):
        cmd = [a.bpf_cc] + (["--print-command"] if print_only else []) + \
            ["-O2", "-g", "-c", src, "-o", os.path.join(tmp, "p.o")] + extra
        p = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True,
                           stdin=subprocess.DEVNULL, timeout=120)
        return p.returncode, p.stdout, p.stderr

    _, base, _ = bpfcc([])
    rows = []
    for line in open(a.tsv):
        if line.startswith("#") or not line.startswith("-"):
            continue
        f = line.rstrip("\n").split("\t")
        rows.append((f[0], f[1], f[2] if len(f) > 2 else ""))

    klass = {}
    reasons = collections.defaultdict(list)
    for opt, verdict, value in rows:
        args = args_for(opt, value)
        rc, out, err = bpfcc(args)
        if rc != 0:
            m = re.search(r"unsupported option '[^']*' \((.*)\)", err)
            why = m.group(1) if m else err.strip().splitlines()[-1] if err.strip() else "?"
            c = "refused"
            reasons[why].append(" ".join(args))
        elif "argument unused during compilation" in err:
            c = "unused"
        elif out == base:
            c = "ignored"
        elif all((" %s " % x) in out for x in args):
            c = "passed"
        else:
            c = "mapped"
        klass[opt] = (c, verdict, args, rc, err)

    fails = 0

    def check(ok, name, bad):
        nonlocal fails
        if ok:
            print("PASS: %s" % name)
        else:
            fails += 1
            print("FAIL: %s: %s" % (name, " ".join(bad[:400])
                                    + (" ..." if len(bad) > 40 else "")))

    accepted = ("unused", "same", "debug", "changed", "noobj")
    bad = [o for o, (c, v, args, rc, err) in klass.items()
           if v in accepted + ("error",) and c == "refused"
           and any(g in err for g in GENERIC)]
    n = sum(1 for o, k in klass.items() if k[1] in accepted + ("error",))
    check(not bad, "clang-options: each of the %d options clang-19 accepts "
          "in a BPF compile (or with another value) is accepted, or refused "
          "with its reason" % n, bad)

    bad = [o for o, (c, v, args, rc, err) in klass.items()
           if v == "target" and c != "refused"]
    n = sum(1 for k in klass.values() if k[1] == "target")
    check(not bad, "clang-options: each of the %d options clang-19 refuses "
          "for target bpf is refused" % n, bad)

    bad = [o for o, (c, v, args, rc, err) in klass.items()
           if v == "warning" and c not in ("ignored", "passed")]
    n = sum(1 for k in klass.values() if k[1] == "warning")
    check(not bad, "clang-options: each of the %d -W options is passed or "
          "dropped" % n, bad)

    names = set(klass)
    bad = []
    for line in open(a.rules):
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        pat = f[1]
        if pat.endswith("*"):
            if not any(x.startswith(pat[:-1]) for x in names):
                bad.append(pat)
        elif pat not in names:
            bad.append(pat)
    check(not bad, "clang-options: every rule names an option clang-19 has",
          bad)

    if a.compile:
        todo = [(o, k) for o, k in klass.items()
                if k[0] in ("passed", "mapped") and k[1] != "warning"
                and k[1] in accepted]
        bad = []
        for o, (c, v, args, rc, err) in todo:
            # A joined prefix (-fno-builtin-, -fplugin-arg-) has no sample
            # name after it; the rest are listed in doc/bpf-cc.md.
            if v == "noobj" or o.endswith("-") or o in COMPILE_EXCEPTIONS:
                continue
            rc, out, err = bpfcc(args, print_only=False)
            if rc != 0:
                bad.append(" ".join(args))
                sys.stderr.write("%s: %s\n" % (" ".join(args),
                                               err.strip().splitlines()[-1:]))
        check(not bad, "clang-options: each of the %d options bpf-cc passes "
              "or maps (clang-19 accepts them) compiles a BPF program"
              % len(todo), bad)

    # The table.
    cols = ["passed", "mapped", "ignored", "unused", "refused"]
    table = collections.defaultdict(collections.Counter)
    for o, (c, v, *_rest) in klass.items():
        table[v][c] += 1
    print("%-34s %s %7s" % ("clang-19 in a BPF compile", " ".join(
        "%8s" % c for c in cols), "total"))
    for v in ("unused", "same", "debug", "changed", "noobj", "error",
              "target", "warning"):
        print("%-34s %s %7d" % (CLANG_NAMES[v], " ".join(
            "%8d" % table[v][c] for c in cols), sum(table[v].values())))
    print("%-34s %s %7d" % ("all", " ".join(
        "%8d" % sum(table[v][c] for v in table) for c in cols), len(klass)))
    if a.table:
        for why, opts in sorted(reasons.items(), key=lambda x: -len(x[1])):
            print("refused (%s): %d: %s" % (why, len(opts), " ".join(opts)))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
