#!/usr/bin/env python3
"""report.py OUT FILELIST: the selftests corpus table (make check-selftests).

Reads OUT/{clang,clang19,gcc}/NAME.{status,log,load} written by
compile-one.sh for the progs files in FILELIST and prints:
  - the table: files compiled, objects libbpf cannot open, programs loaded,
    for clang 14, clang-19 (when OUT/clang19 is there) and bpf-gcc + plugin;
  - for gcc, what stands between it and clang: every program clang loads and
    gcc does not, grouped by the first error (compile error, libbpf open
    error, verifier or libbpf load error) with numbers and names folded so
    that one cause is one row;
  - the objects clang's libbpf opens and gcc's does not (issue 14's second
    condition);
  - files where gcc loads more programs than clang;
  - the same against clang-19, shorter (the first 10 causes).
Writes OUT/summary.txt with the same text, and OUT/diff.tsv with one row
per program that differs (name, clang result, gcc result, reason) for
scripts, and OUT/diff-clang19.tsv the same against clang-19.  Exit status 0 always: this is a measurement, not a test.
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
    # clang-19's column is there when its results are (corpus.sh builds it
    # by default; an older run or COMPILER arguments may leave it out).
    ccs = ["clang"] + (["clang19"] if os.path.isdir(f"{out}/clang19") else []) + ["gcc"]
    label = {"clang": "clang 14", "clang19": "clang-19", "gcc": "bpf-gcc + plugin"}
    for cc in ccs:
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

    def row(title, key):
        p(f"| {title} | " + " | ".join(str(stats[cc][key]) for cc in ccs) + " |")
    p("| | " + " | ".join(label[cc] for cc in ccs) + " |")
    p("| --- " * (len(ccs) + 1) + "|")
    row("files", "files")
    row("files compiled", "compiled")
    row("compiles over the time limit", "timeout")
    row("objects libbpf cannot open", "open_fail")
    row("programs in opened objects", "progs")
    row("programs loaded", "loaded")
    if any(stats[cc]["unsupported"] for cc in ccs):
        p("UNSUPPORTED: the kernel refused to load BPF for some objects; counts are incomplete")

    # Programs the reference clang loads and gcc does not, by cause.
    def compare(ref, full):
        causes = Counter()
        examples = defaultdict(list)
        diff_rows = []
        open_refused = []
        gcc_better = []
        for n in names:
            cst, clr = res[(ref, n)]
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
                diff_rows.append(f"{n}\t{k}\t{ref}=ok\tgcc=fail\t{why}")
        p("")
        p(f"programs {label[ref]} loads and bpf-gcc + plugin does not: {sum(causes.values())}, by first error:")
        for why, c in causes.most_common(None if full else 10):
            p(f"{c:5d}  {why}    e.g. {', '.join(examples[why])}")
        if not full and len(causes) > 10:
            p(f"       ... {len(causes) - 10} more causes: {out}/diff-{ref}.tsv")
        p("")
        p(f"objects {label[ref]}'s libbpf opens and gcc's does not: {len(open_refused)}")
        for n, why in open_refused:
            p(f"       {n}: {why}")
        p("")
        p(f"files where bpf-gcc + plugin loads more programs than {label[ref]}: {len(gcc_better)}")
        if full:
            for n, a, b in gcc_better:
                p(f"       {n}: clang {a}, gcc {b}")
        return diff_rows

    diff_rows = compare("clang", True)
    if "clang19" in ccs:
        rows19 = compare("clang19", False)
        with open(f"{out}/diff-clang19.tsv", "w") as f:
            f.write("\n".join(rows19) + ("\n" if rows19 else ""))
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    with open(f"{out}/summary.txt", "w") as f:
        f.write(text)
    with open(f"{out}/diff.tsv", "w") as f:
        f.write("\n".join(diff_rows) + ("\n" if diff_rows else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
