#!/usr/bin/env python3
"""report.py OUT FILELIST: the selftests corpus table (make check-selftests).

Reads OUT/{clang,gcc}/NAME.{status,log,load} written by compile-one.sh for
the progs files in FILELIST and prints:
  - the table: files compiled, objects libbpf cannot open, programs loaded;
  - for gcc, what stands between it and clang: every program clang loads and
    gcc does not, grouped by the first error (compile error, libbpf open
    error, verifier or libbpf load error) with numbers and names folded so
    that one cause is one row;
  - the objects clang's libbpf opens and gcc's does not (issue 14's second
    condition);
  - files where gcc loads more programs than clang.
Writes OUT/summary.txt with the same text, and OUT/diff.tsv with one row
per program that differs (name, clang result, gcc result, reason) for
scripts.  Exit status 0 always: this is a measurement, not a test.
"""
import os
import re
import sys
from collections import Counter, defaultdict


def read(path, default=None):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return default


def first_error(log):
    """The first line of a compiler log that says error (or the last line)."""
    lines = [l for l in (log or "").splitlines() if l.strip()]
    for l in lines:
        if re.search(r"\berror\b|internal compiler error|Segmentation fault", l):
            return l
    return lines[-1] if lines else "no output"


def fold(reason):
    """Fold a message so that instances of one cause share a row."""
    r = reason
    r = re.sub(r"^.*?/progs/", "", r)                 # paths
    r = re.sub(r"^[\w.+-]+\.[ch]:\d+(:\d+)?: ", "", r)  # file:line:col:
    r = re.sub(r"^libbpf: ", "", r)
    r = re.sub(r"'[^']*'", "'X'", r)
    r = re.sub(r"`[^']*'", "'X'", r)
    r = re.sub(r"\"[^\"]*\"", "\"X\"", r)
    r = re.sub(r"\b(R|r)\d+\b", r"\1N", r)
    r = re.sub(r"-?\b0x[0-9a-f]+\b", "N", r)
    r = re.sub(r"-?\b\d+\b", "N", r)
    r = re.sub(r"\[N\]", "[N]", r)
    return r.strip()[:150]


def load_results(path):
    """(open_ok, {prog: (ok, reason)}, open_reason) from a .load file."""
    text = read(path)
    if text is None:
        return None
    if text.startswith("unsupported"):
        return "unsupported"
    progs = {}
    for line in text.splitlines():
        if line.startswith("open-fail"):
            return (False, {}, line[len("open-fail "):])
        m = re.match(r"prog (\S+) (\S+) (ok|fail)(?: (.*))?$", line)
        if m:
            progs[m.group(1)] = (m.group(3) == "ok", m.group(4) or "", m.group(2))
    return (True, progs, "")


def main():
    out, filelist = sys.argv[1], sys.argv[2]
    names = [os.path.basename(l.strip())[:-2] for l in open(filelist) if l.strip()]
    stats = {}
    res = {}
    for cc in ("clang", "gcc"):
        s = Counter()
        for n in names:
            status = (read(f"{out}/{cc}/{n}.status") or "missing").strip()
            s["files"] += 1
            if status == "ok":
                s["compiled"] += 1
            elif status == "timeout":
                s["timeout"] += 1
            lr = load_results(f"{out}/{cc}/{n}.load") if status == "ok" else None
            if lr == "unsupported":
                s["unsupported"] += 1
                lr = None
            res[(cc, n)] = (status, lr)
            if lr:
                if not lr[0]:
                    s["open_fail"] += 1
                else:
                    s["progs"] += len(lr[1])
                    s["loaded"] += sum(1 for v in lr[1].values() if v[0])
        stats[cc] = s
    lines = []
    p = lines.append
    p("| | clang | bpf-gcc + plugin |")
    p("| --- | --- | --- |")
    p(f"| files | {stats['clang']['files']} | {stats['gcc']['files']} |")
    p(f"| files compiled | {stats['clang']['compiled']} | {stats['gcc']['compiled']} |")
    p(f"| compiles over the time limit | {stats['clang']['timeout']} | {stats['gcc']['timeout']} |")
    p(f"| objects libbpf cannot open | {stats['clang']['open_fail']} | {stats['gcc']['open_fail']} |")
    p(f"| programs in opened objects | {stats['clang']['progs']} | {stats['gcc']['progs']} |")
    p(f"| programs loaded | {stats['clang']['loaded']} | {stats['gcc']['loaded']} |")
    if stats["clang"]["unsupported"] or stats["gcc"]["unsupported"]:
        p("UNSUPPORTED: the kernel refused to load BPF for some objects; counts are incomplete")

    # Programs clang loads and gcc does not, by cause.
    causes = Counter()
    examples = defaultdict(list)
    diff_rows = []
    open_refused = []
    gcc_better = []
    for n in names:
        cst, clr = res[("clang", n)]
        gst, glr = res[("gcc", n)]
        cl_ok = {k for k, v in clr[1].items() if v[0]} if clr and clr[0] else set()
        g_ok = {k for k, v in glr[1].items() if v[0]} if glr and glr[0] else set()
        if clr and clr[0] and glr and not glr[0]:
            open_refused.append((n, glr[2]))
        if len(g_ok) > len(cl_ok):
            gcc_better.append((n, len(cl_ok), len(g_ok)))
        missing = cl_ok - g_ok
        if not missing:
            continue
        if gst != "ok":
            why = "compile: " + ("timeout" if gst == "timeout" else fold(first_error(read(f"{out}/gcc/{n}.log"))))
            reasons = {k: why for k in missing}
        elif glr is None:
            reasons = {k: "load: not run" for k in missing}
        elif not glr[0]:
            reasons = {k: "open: " + fold(glr[2]) for k in missing}
        else:
            reasons = {}
            for k in missing:
                if k in glr[1]:
                    reasons[k] = "load: " + fold(glr[1][k][1])
                else:
                    reasons[k] = "load: program missing from gcc's object"
        for k, why in sorted(reasons.items()):
            causes[why] += 1
            if len(examples[why]) < 3:
                examples[why].append(f"{n}:{k}")
            diff_rows.append(f"{n}\t{k}\tclang=ok\tgcc=fail\t{why}")
    p("")
    p(f"programs clang loads and bpf-gcc + plugin does not: {sum(causes.values())}, by first error:")
    for why, c in causes.most_common():
        p(f"{c:5d}  {why}    e.g. {', '.join(examples[why])}")
    p("")
    p(f"objects clang's libbpf opens and gcc's does not: {len(open_refused)}")
    for n, why in open_refused:
        p(f"       {n}: {why}")
    p("")
    p(f"files where bpf-gcc + plugin loads more programs than clang: {len(gcc_better)}")
    for n, a, b in gcc_better:
        p(f"       {n}: clang {a}, gcc {b}")
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    with open(f"{out}/summary.txt", "w") as f:
        f.write(text)
    with open(f"{out}/diff.tsv", "w") as f:
        f.write("\n".join(diff_rows) + ("\n" if diff_rows else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
