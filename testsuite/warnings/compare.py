#!/usr/bin/env python3
"""compare.py BUILD: every warning bpf-cc gives that clang-19 does not, on
every file of the corpora, under -Wall -Wextra (make check-warnings;
doc/bpf-cc.md, "Warnings").

A project built with `-Wall -Werror' (or -Wextra) that clang-19 builds must
build with bpf-cc: a GCC-only warning there is a failed build.  Each file
is compiled by clang-19 and by bpf-cc with the flags its corpus uses, plus
-Wall -Wextra (no -Werror: every warning is collected), and the warnings
are compared by file, line and message kind.  Printed: one row per
warning option bpf-cc gives where clang-19 gives none on that line, with
the number of sites and files and one example; then the counts.  Exits 1
when a bpf-cc-only warning is not listed in known-warnings beside this
file (OPTION<TAB>reason), so that each one is either fixed or explained.

Corpora: the kernel's BPF selftests (tools/testing/selftests/bpf/progs of
linux-source-6.12, as testsuite/selftests prepares them; FILES= narrows),
the projects of testsuite/projects, and the reduced cases of
../shared/cases when present.
"""
import collections
import concurrent.futures
import glob
import os
import re
import subprocess
import sys

WARN = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+): warning: (?P<msg>.*?)(?: \[(?P<opt>-W[^\]]+)\])?$")


def run(cmd, cwd=None):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, timeout=300)
    return p.returncode, p.stderr


NOTE = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+): note: in expansion of macro")


def warnings_of(text):
    """(file, line, option, message) of each warning, at the place the
    code is written: GCC reports a warning inside a macro at the macro's
    line and then notes each expansion ("in expansion of macro"), clang at
    the outermost expansion; the last note's line is that place."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        m = WARN.match(line)
        if m:
            out.append([os.path.basename(m.group("file")), int(m.group("line")),
                        m.group("opt") or "(no option)", m.group("msg")])
            continue
        n = NOTE.match(line)
        if n and out:
            out[-1][0] = os.path.basename(n.group("file"))
            out[-1][1] = int(n.group("line"))
    return [tuple(w) for w in out]


def main():
    build = os.path.abspath(sys.argv[1])
    top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    bpfcc = os.path.join(build, "bin", "bpf-cc")
    multi = subprocess.run(["gcc", "-print-multiarch"], capture_output=True,
                           text=True).stdout.strip()
    jobs = int(os.environ.get("JOBS", "2"))
    src = os.path.join(build, "selftests", "linux-source-6.12")
    self_dir = os.path.join(src, "tools/testing/selftests/bpf")
    inc = os.path.join(build, "selftests", "include")
    files = []
    if os.path.isdir(self_dir):
        want = os.environ.get("FILES", "").split()
        for f in sorted(glob.glob(os.path.join(self_dir, "progs", "*.c"))):
            if want and os.path.basename(f) not in want:
                continue
            files.append(("selftests", f, ["-D__TARGET_ARCH_x86", "-mcpu=v3",
                                           "-I" + inc, "-I" + self_dir,
                                           "-I" + os.path.join(src, "tools/include/uapi"),
                                           "-DENABLE_ATOMICS_TESTS"]))
    for f in sorted(glob.glob(os.path.join(top, "testsuite/projects/*/*.bpf.c"))):
        files.append(("projects", f, ["-I" + os.path.dirname(f),
                                      "-I" + os.path.join(build, "include")]))
    for f in sorted(glob.glob(os.path.join(top, "..", "shared", "cases", "*.bpf.c"))):
        files.append(("cases", f, []))

    def one(item):
        corpus, f, flags = item
        common = ["-O2", "-g", "-Wall", "-Wextra", "-c", f, "-o", "/dev/null"] + flags
        rc_c, err_c = run(["clang-19", "-target", "bpf", "-idirafter", "/usr/include",
                           "-idirafter", "/usr/include/" + multi,
                           "-Wno-compare-distinct-pointer-types"] + common)
        rc_g, err_g = run([bpfcc, "-target", "bpf",
                           "-Wno-compare-distinct-pointer-types"] + common)
        return corpus, f, rc_c, rc_g, warnings_of(err_c), warnings_of(err_g)

    by_opt = collections.defaultdict(list)
    files_by_opt = collections.defaultdict(set)
    compared = both_built = 0
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        for corpus, f, rc_c, rc_g, wc, wg in ex.map(one, files):
            compared += 1
            if rc_c or rc_g:
                continue
            both_built += 1
            clang_lines = {(w[0], w[1]) for w in wc}
            for w in wg:
                if (w[0], w[1]) in clang_lines:
                    continue
                by_opt[w[2]].append("%s:%d: %s" % (w[0], w[1], w[3]))
                files_by_opt[w[2]].add((corpus, f))
    known = {}
    kpath = os.path.join(os.path.dirname(os.path.abspath(__file__)), "known-warnings")
    if os.path.exists(kpath):
        for line in open(kpath):
            if line.strip() and not line.startswith("#"):
                opt, _, why = line.rstrip("\n").partition("\t")
                known[opt] = why
    print("| bpf-cc only | sites | files | example | known |")
    print("| --- | ---: | ---: | --- | --- |")
    unlisted = 0
    for opt, sites in sorted(by_opt.items(), key=lambda x: -len(x[1])):
        why = known.get(opt, "")
        if not why:
            unlisted += 1
        print("| `%s` | %d | %d | %s | %s |" % (opt, len(sites), len(files_by_opt[opt]),
                                               sites[0].replace("|", "\\|")[:110], why))
    print("warnings: %d files compared, %d built by both; %d sites of %d "
          "warning options bpf-cc gives and clang-19 does not (%d not listed "
          "in known-warnings)" % (compared, both_built,
                                  sum(len(s) for s in by_opt.values()),
                                  len(by_opt), unlisted))
    return 1 if unlisted else 0


if __name__ == "__main__":
    sys.exit(main())
