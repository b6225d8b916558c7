#!/usr/bin/env python3
"""fuzz-reduce.py - reduce make fuzz-diff's findings with cvise (make fuzz-reduce).

    fuzz-reduce.py [--build BUILD] [--timeout S] PATH...

PATH is a case directory fuzz-diff kept (findings/CLASS/KEY/CASE, with
prog.c and report.txt) or any directory above such cases (the whole
findings/ tree by default).  Each case's prog.c is reduced by cvise to a
smaller program that still shows the same finding, written next to it as
reduced.c (prog.c is left as it is):

  cc-only-refusal  bpf-cc's object, at the first variant the report names,
                   is refused by the kernel with the same first verifier
                   error (numbers aside), and clang-19's object at the same
                   -mcpu and peer -O level (fuzz-diff's clang_peer) loads
                   and runs
  cc-compile-fail  bpf-cc fails with the same first error, clang-19 builds

and in both, the native build (fuzz-diff's harness, UBSan, uninitialised
values an error) prints the original program's checksum within 2 s, and
clang-19's object returns it in the kernel (retval): a reduction must not
drift into undefined behaviour that one compiler deletes, nor cut the
computation the finding is in.

Miscompiles (a value differing from the native build's) are not reduced
here: a reduction keeps a wrong value only with an undefined-behaviour
check on every step (csmith's own guarantees are lost on the first cut);
they are few (none in the runs so far) and reduced by hand.

The interestingness test is this script again (--check), which cvise runs
in its own temporary directories.
"""
import argparse, json, os, re, shutil, subprocess, sys, tempfile, types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
fd = __import__("fuzz-diff")  # its compile flags and verifier-log reader

REDUCIBLE = ("cc-only-refusal", "cc-compile-fail")


def key_regex(key):
    """fuzz-diff's KEY (numbers written N, cut at 120 characters) as a
    regular expression for the start of an error line."""
    return re.compile("^" + re.escape(key.strip()).replace("N", r"\d+"))


def interesting(cfg, src):
    """True when SRC still shows the finding CFG describes."""
    tools = types.SimpleNamespace(bin=cfg["bin"], clang=cfg["clang"], bpf_gcc=None)
    o, c = cfg["olevel"], cfg["cpu"]
    want = key_regex(cfg["key"])
    # The program must stay a defined one: cvise's cuts drift into
    # undefined behaviour (an uninitialised counter, a loop without end),
    # which one compiler deletes and the other keeps.  The native build
    # (fuzz-diff's harness) with warnings for uninitialised values as
    # errors and UBSan must print its checksum within 2 seconds.
    rc, _, _ = fd.run(["gcc", "-O1", "-w", "-Werror=uninitialized", "-Werror=maybe-uninitialized",
                    "-fsanitize=undefined", "-fno-sanitize-recover=all", "-I", HERE, src,
                    "-o", "native"], 120)
    if rc != 0:
        return False
    rc, out, _ = fd.run(["./native"], 2)
    if rc != 0 or not out.strip().isdigit() or fd.u32(out.strip()) != cfg["native"]:
        return False
    # clang-19's build at the peer level must work (and load) first: a cut
    # that breaks the C for both compilers is not the finding.
    peer = cfg["peer_olevel"]
    rc, _, _ = fd.run(fd.compile_command(tools, "clang", peer, c, src, "clang.o"), 120)
    if rc != 0:
        return False
    rc, out, err = fd.run(fd.compile_command(tools, "cc", o, c, src, "cc.o"), 120)
    if cfg["class"] == "cc-compile-fail":
        return rc not in (0, None) and bool(want.match(fd.compile_error(err)))
    if rc != 0:
        return False
    kl = os.path.join(cfg["bin"], "bpf-kload")
    rc, out, err = fd.run([kl, "--json", "--data-hex", cfg["packet"], "clang.o"], 60)
    m = re.search(r'"retval":(-?\d+)', out)
    if rc != 0 or not m or fd.u32(m.group(1)) != cfg["native"]:
        return False
    rc, out, err = fd.run([kl, "--verbose", "--data-hex", cfg["packet"], "cc.o"], 60)
    if rc != 1:
        return False
    return bool(want.match(fd.first_error_line(out + "\n" + err)))


def cases(paths):
    for p in paths:
        for root, dirs, files in os.walk(p):
            if "report.txt" in files and "prog.c" in files:
                yield root


def case_config(case, args):
    """The finding of CASE: its class, first variant and key."""
    first = open(os.path.join(case, "report.txt")).readline()
    m = re.match(r"(\S+): (\S+) in (.*)$", first.strip())
    if not m:
        return None, "report.txt: no `NAME: CLASS in VARIANTS' line"
    cls, variants = m.group(2), [v.strip() for v in m.group(3).split(",")]
    if cls not in REDUCIBLE:
        return None, "%s: not reduced here (see --help)" % cls
    vm = re.match(r"cc-(O\w+)-(v\d)$", variants[0])
    if not vm:
        return None, "variant %s: not a bpf-cc variant" % variants[0]
    olevel, cpu = vm.group(1), vm.group(2)
    key = open(os.path.join(os.path.dirname(case), "KEY")).read().strip()
    nm = re.search(r"^native 0x([0-9a-f]+)$", open(os.path.join(case, "report.txt")).read(), re.M)
    if not nm:
        return None, "report.txt: no native value"
    # The test packet fuzz-diff ran it with (bpfgen's `/// DATA:' line,
    # which cvise may cut from the copies it tries).
    dm = re.search(r"^/// DATA: ([0-9a-f]+)$", open(os.path.join(case, "prog.c")).read(), re.M)
    return {"class": cls, "olevel": olevel, "cpu": cpu, "key": key, "native": int(nm.group(1), 16),
            "packet": dm.group(1) if dm else fd.DEFAULT_PACKET,
            "peer_olevel": "O0" if olevel == "O0" else "O2",
            "bin": os.path.join(os.path.abspath(args.build), "bin"),
            "clang": os.environ.get("CLANG19", "clang-19")}, None


def reduce_case(case, args):
    cfg, why = case_config(case, args)
    if cfg is None:
        print("fuzz-reduce: %s: skipped: %s" % (case, why))
        return 0
    work = tempfile.mkdtemp(prefix="fuzz-reduce-")
    try:
        src = os.path.join(work, "prog.c")
        shutil.copy(os.path.join(case, "prog.c"), src)
        cfgfile = os.path.join(work, "finding.json")
        with open(cfgfile, "w") as f:
            json.dump(cfg, f)
        cwd = os.getcwd()
        os.chdir(work)
        ok = interesting(cfg, src)
        os.chdir(cwd)
        if not ok:
            print("fuzz-reduce: %s: error: prog.c does not show the finding (%s at -%s -mcpu=%s: %s)"
                  % (case, cfg["class"], cfg["olevel"], cfg["cpu"], cfg["key"]))
            return 1
        test = os.path.join(work, "interesting.sh")
        with open(test, "w") as f:
            f.write("#!/bin/sh\nexec %s %s --check %s prog.c\n"
                    % (sys.executable, os.path.abspath(__file__), cfgfile))
        os.chmod(test, 0o755)
        before = os.path.getsize(src)
        print("fuzz-reduce: %s: %s at -%s -mcpu=%s (%s), %d bytes" % (
            case, cfg["class"], cfg["olevel"], cfg["cpu"], cfg["key"], before), flush=True)
        cmd = ["cvise", "--n", str(args.jobs), "--timeout", "60", "--tidy", test, "prog.c"]
        try:
            p = subprocess.run(cmd, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               universal_newlines=True, timeout=args.timeout)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
        after = os.path.getsize(src)
        if rc not in (0, "timeout") or after >= before:
            print("fuzz-reduce: %s: error: cvise made nothing smaller (exit %s)" % (case, rc))
            if rc != "timeout":
                print("\n".join("    " + l for l in p.stdout.strip().splitlines()[-15:]))
            return 1
        shutil.copy(src, os.path.join(case, "reduced.c"))
        print("fuzz-reduce: %s: reduced.c, %d bytes (%d%%)%s" % (
            case, after, 100 * after // before, ", cvise stopped at the time limit" if rc == "timeout" else ""))
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--check":
        cfg = json.load(open(sys.argv[2]))
        sys.exit(0 if interesting(cfg, sys.argv[3]) else 1)
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(os.path.dirname(os.path.dirname(HERE)), "build"))
    ap.add_argument("--jobs", type=int, default=2, help="cvise's parallel tests")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds per case")
    ap.add_argument("paths", nargs="*")
    args = ap.parse_args()
    paths = args.paths or [os.path.join(args.build, "fuzz-diff", "findings")]
    if not shutil.which("cvise"):
        print("fuzz-reduce: error: cvise is not installed (make fuzz-reduce installs it)")
        return 2
    found = list(cases(paths))
    if not found:
        print("fuzz-reduce: error: no finding (a directory with prog.c and report.txt) under %s"
              % " ".join(paths))
        return 2
    failed = sum(reduce_case(c, args) for c in found)
    print("fuzz-reduce: %d case(s), %d failed" % (len(found), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
