#!/usr/bin/env python3
"""classify.py OUTDIR: the cause of every failing execute test of a
`make check-gcc' run (OUTDIR = build/gcc-check), for doc/gcc-testsuite.md.

For each test that fails to compile/link or to run, in each configuration:
  too-many-args  bpf-gcc: more than 5 arguments (compiler limitation of BPF)
  varargs        the test defines a variadic function: bpf-gcc 12's va_start
                 does not see the argument registers (compiler limitation)
  fp-const       the compiled code loads a non-zero floating-point constant
                 into a register, which bpf-gcc 12 prints wrongly (GCC bug)
  other          anything else, with the compiler's or bpf-run's message
The fp-const check recompiles the test with its logged command line plus
-S -fdump-rtl-final and looks for a non-zero const_double in the final RTL.
"""
import os, re, subprocess, sys, tempfile, collections

out = sys.argv[1]
tmp = tempfile.mkdtemp(prefix="classify-")

def parse_log(path):
    """test name -> dict(cmd, excess, runerr, failed_exec, failed_compile)"""
    res = {}
    cmd = None
    lines = open(path, errors="replace").read().split("\n")
    i = 0
    last_run = ""
    while i < len(lines):
        l = lines[i]
        m = re.match(r"Executing on host: (bpf-gcc .*?)\s+\(timeout = \d+\)$", l)
        if m:
            cmd = m.group(1)
        if l.startswith("bpf-run ") or ": error: " in l and "bpf-run" not in l and l.startswith(("./", "/")) and not l.endswith(".c"):
            pass
        if re.match(r"^(\./|/).*: error: ", l) and ".c:" not in l:
            last_run = l.split(": error: ", 1)[1]
        m = re.match(r"^(PASS|FAIL|UNRESOLVED): (gcc\.c-torture/execute/\S+\.c)\s*(.*)$", l)
        if m:
            st, name, what = m.groups()
            d = res.setdefault(name, {"cmd": None, "excess": "", "runerr": "", "status": "pass"})
            if "excess errors" in what or "compilation" in what:
                d["cmd"] = cmd
                if st == "FAIL":
                    d["status"] = "compile"
                    # the compiler's or linker's first real message since
                    # the command was logged
                    k = i - 1
                    cands = []
                    while k > 0 and not lines[k].startswith("Executing on host"):
                        if re.search(r"undefined reference to|multiple definition of|\.c:\d+:\d+: error: |^cc1: error", lines[k]) \
                           and "ld returned" not in lines[k]:
                            cands.append(lines[k])
                        k -= 1
                    if cands:
                        d["excess"] = re.sub(r"^.*?(error: |undefined reference|multiple definition)", r"\1", cands[-1]).strip()
            elif "execution" in what and st == "FAIL":
                d["status"] = "run"
                d["runerr"] = last_run or "nonzero exit status"
            if st == "PASS" and "execution" in what:
                last_run = ""
        i += 1
    return res

def sources(cmd):
    return [w for w in cmd.split() if w.endswith(".c")]

def fp_const(cmd):
    words = cmd.split()
    o = words.index("-o") if "-o" in words else -1
    if o >= 0:
        del words[o:o + 2]
    # compile only; link flags are harmless with -S on one file but drop them
    words = [w for w in words if not w.startswith(("-Wl,", "-L", "-l", "-nostartfiles"))]
    found = False
    for s in sources(cmd):
        ws = [w for w in words if not w.endswith(".c")] + [s]
        base = os.path.join(tmp, "x")
        subprocess.run(ws + ["-S", "-o", base + ".s", "-fdump-rtl-final", "-dumpbase", base],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for f in os.listdir(tmp):
            if f.endswith("r.final"):
                t = open(os.path.join(tmp, f), errors="replace").read()
                if re.search(r"const_double:[SD]F (?!0\.0 \[0x0\.0p\+0\])", t):
                    found = True
            os.unlink(os.path.join(tmp, f))
    return found

def varargs(cmd):
    for s in sources(cmd):
        try:
            if re.search(r"\bva_start\b|__builtin_va_start", open(s, errors="replace").read()):
                return True
        except OSError:
            pass
    return False

rows = []
for config in sorted(os.listdir(out)):
    cdir = os.path.join(out, config)
    if not os.path.isdir(cdir):
        continue
    for part in sorted(os.listdir(cdir)):
        log = os.path.join(cdir, part, "gcc.log")
        if part not in ("exec-a", "exec-b", "ieee", "builtins") or not os.path.exists(log):
            continue
        for name, d in sorted(parse_log(log).items()):
            if d["status"] == "pass":
                continue
            short = name.replace("gcc.c-torture/execute/", "")
            if d["status"] == "compile":
                msg = d["excess"]
                if "too many function arguments" in msg:
                    cause = "too-many-args"
                elif "undefined reference" in msg or "multiple definition" in msg:
                    cause = "link"
                else:
                    cause = "compile"
                rows.append((config, short, "compile", cause, msg))
                continue
            causes = []
            if d["cmd"] and varargs(d["cmd"]):
                causes.append("varargs")
            if d["cmd"] and fp_const(d["cmd"]):
                causes.append("fp-const")
            rows.append((config, short, "run", "+".join(causes) or "other", d["runerr"]))

for r in rows:
    print("\t".join(r))
c = collections.Counter((r[0], r[2], r[3]) for r in rows)
for k, v in sorted(c.items()):
    print("# %s %s %s: %d" % (k[0], k[1], k[2], v), file=sys.stderr)
