#!/usr/bin/env python3
"""compare.py TOP REFERENCE VARIANT: cilium/ebpf's tests, VARIANT's build
of the test objects against REFERENCE's (run.sh).  Prints the objects each
failed to build, the counts, and every test whose result differs; exits 1
when a test that passes with REFERENCE's objects fails with VARIANT's and
is not listed in known-differences (NAME<TAB>cause) beside this file."""
import os
import sys


def results(path):
    r = {}
    for line in open(path):
        kind, _, name = line.strip().partition(" ")
        if name:
            r[name] = kind
    return r


def main():
    top, ref, var = sys.argv[1], sys.argv[2], sys.argv[3]
    known = {}
    kpath = os.path.join(os.path.dirname(os.path.abspath(__file__)), "known-differences")
    if os.path.exists(kpath):
        for line in open(kpath):
            if line.strip() and not line.startswith("#"):
                name, _, why = line.rstrip("\n").partition("\t")
                known[name] = why
    for v in (ref, var):
        failed = [l.strip() for l in open(os.path.join(top, v, "objects")) if l.startswith("failed")]
        for f in failed:
            print("%s: %s" % (v, f))
    a = results(os.path.join(top, ref, "results"))
    b = results(os.path.join(top, var, "results"))
    print("%-8s %8s %8s" % ("", ref, var))
    for k in ("PASS", "FAIL", "SKIP"):
        print("%-8s %8d %8d" % (k, sum(1 for x in a.values() if x == k),
                                sum(1 for x in b.values() if x == k)))
    worse = []
    for name in sorted(set(a) | set(b)):
        ra, rb = a.get(name, "-"), b.get(name, "-")
        if ra != rb:
            note = known.get(name, "")
            print("  %s: %s %s, %s %s%s" % (name, ref, ra, var, rb,
                                          "  (known: %s)" % note if note else ""))
            if ra == "PASS" and rb != "PASS" and not note:
                worse.append(name)
    print("cilium-ebpf: %d tests pass with %s's objects and not with %s's%s"
          % (len(worse), ref, var, " (not listed)" if worse else ""))
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
