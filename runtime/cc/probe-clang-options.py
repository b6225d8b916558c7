#!/usr/bin/env python3
"""probe-clang-options.py: what clang-19 -target bpf does with each of its
driver options, for bpf-cc's option table (runtime/cc/clang-options.tsv).

clang-19 lists every driver option it has with `--autocomplete=-' (4249
names, 2122 of them -W warnings).  Each non-warning option is given to a
real BPF compile (probe.c below: a map, a helper call, a loop, a bpf-to-bpf
call, an atomic, with -O2 -g) and clang's verdict is recorded:

  target   clang-19 refuses the option itself for a BPF compile ("unsupported
           option for target 'bpf'"; first error line kept)
  error    clang-19 refuses the sample value or the combination (a file that
           does not exist, an option only valid with -E...)
  unused   clang-19 warns "argument unused during compilation"
  same     accepted, and the object's code, data and sections are the same
  debug    accepted, only the debug sections (DWARF, BTF) differ
  changed  accepted, and code, data or sections differ
  noobj    accepted, but no object is written (-E, -###, --help...)

An option that takes a value is probed with a sample value (VALUES below,
else a few generic ones, first accepted wins); the value used is kept.
Warnings are not probed one by one: a -W option only changes diagnostics
(bpf-cc's rule for them is in bpf-cc.c).  Output: one line per option,
`OPTION<TAB>VERDICT<TAB>VALUE<TAB>NOTE`, on stdout.  Takes 2-4 minutes.
"""
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

CLANG = os.environ.get("CLANG19", "clang-19")
MULTIARCH = "/usr/include/x86_64-linux-gnu"

PROBE_C = r"""
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u64);
} counts SEC(".maps");
static __attribute__((noinline)) int twice(int x) { return x * 2 + 1; }
int limit = 7;
SEC("xdp") int prog(struct xdp_md *ctx)
{
	__u32 k = 1, len = ctx->data_end - ctx->data;
	__u64 *v = bpf_map_lookup_elem(&counts, &k);
	int s = 0;
	for (int i = 0; i < 16 && i < limit; i++)
		s += (len >> i) & 3;
	if (v)
		__sync_fetch_and_add(v, s);
	return twice(s) & 3;
}
char LICENSE[] SEC("license") = "GPL";
"""

# Sample values for options whose generic values clang rejects.
VALUES = {
    "-mcpu=": ["v3"], "-mcpu": ["v3"], "-march=": ["bpf"], "-target": ["bpf"],
    "--target=": ["bpf"], "-std=": ["gnu11"], "--std=": ["gnu11"],
    "-fdebug-default-version=": ["4"], "-x": ["c"],
    "-ferror-limit=": ["10"], "-ftemplate-depth=": ["10"],
    "-fvisibility=": ["hidden"], "-ftls-model=": ["local-exec"],
    "-fdiagnostics-format=": ["clang"], "-fsanitize=": ["address"],
    "-fprofile-instr-generate=": ["x.profraw"], "-fembed-bitcode=": ["all"],
    "-flto=": ["thin"], "-fuse-ld=": ["lld"], "-rtlib=": ["libgcc"],
    "-fmessage-length=": ["0"], "-fmacro-backtrace-limit=": ["0"],
    "-ffp-contract=": ["off"], "-ffp-model=": ["precise"],
    "-fdenormal-fp-math=": ["ieee"], "-ftrivial-auto-var-init=": ["zero"],
    "-mstack-alignment=": ["8"], "-fcf-protection=": ["none"],
    "-gsplit-dwarf=": ["single"], "-fdebug-prefix-map=": ["/a=/b"],
    "-ffile-prefix-map=": ["/a=/b"], "-fmacro-prefix-map=": ["/a=/b"],
    "-fcoverage-prefix-map=": ["/a=/b"], "-fprofile-prefix-map=": ["/a=/b"],
    "-Xclang": ["-fno-addrsig"], "-D": ["PROBE=1"], "-U": ["PROBE"],
    "-include": ["/dev/null"], "-imacros": ["/dev/null"],
    "-include-pch": ["/dev/null"], "-I": ["/tmp"], "-idirafter": ["/tmp"],
    "-isystem": ["/tmp"], "-iquote": ["/tmp"], "-isysroot": ["/"],
    "--sysroot=": ["/"], "--sysroot": ["/"], "-MF": ["/dev/null"],
    "-MT": ["x"], "-MQ": ["x"], "-o": ["x.o"], "-fpack-struct=": ["4"],
    "-save-temps=": ["obj"], "--save-temps=": ["obj"], "-mllvm": ["-bpf-stack-size=512"],
}
GENERIC = ["0", "1", "none", "default", "x", "all", "/tmp"]


def run(tmp, args, out):
    if os.path.exists(out):
        os.unlink(out)
    p = subprocess.run(
        [CLANG, "-target", "bpf", "-O2", "-g", "-I" + MULTIARCH, "-c",
         os.path.join(tmp, "probe.c"), "-o", out] + args,
        cwd=tmp, stdin=subprocess.DEVNULL, capture_output=True, text=True,
        timeout=60)
    return p.returncode, p.stdout + p.stderr


def signature(path, debug):
    """The object's code, relocations and section list (or its debug
    sections only, with debug=True)."""
    d = subprocess.run(["llvm-objdump-19", "-dr", "--no-show-raw-insn", path],
                       capture_output=True, text=True).stdout
    s = subprocess.run(["llvm-readelf-19", "-S", "-x", ".data", "-x",
                        ".rodata", path], capture_output=True,
                       text=True).stdout
    rows = []
    for line in s.splitlines():
        m = re.search(r"\]\s+(\S+)\s+\S+\s+\S+\s+\S+\s+(\S+)", line)
        if not m:
            continue
        name = m.group(1)
        is_debug = (name.startswith((".debug", ".rel.debug", ".BTF"))
                    or name.startswith(".rel.BTF"))
        if is_debug == debug and name != ".llvm_addrsig" and name != ".strtab":
            rows.append("%s %s" % (name, m.group(2)))
    d = "\n".join(l for l in d.splitlines() if not l.endswith("file format elf64-bpf"))
    return (d if not debug else "") + "\n" + "\n".join(rows)


def first_error(text):
    # Without the probe's temporary directory, so that two runs agree.
    text = re.sub(r"/[^ :']*/probe-clang-[^/]+/[^/]+/", "", text)
    for line in text.splitlines():
        if "error:" in line:
            return line.strip()
    return text.strip().splitlines()[0] if text.strip() else ""


def probe(opt, tmp, base, base_debug):
    out = os.path.join(tmp, "o-%d.o" % os.getpid())
    attempts = []
    if opt.endswith("="):
        for v in VALUES.get(opt, GENERIC):
            attempts.append(([opt + v], v))
    else:
        attempts.append(([opt], ""))
    verdict = None
    for args, value in attempts:
        rc, text = run(tmp, args, out)
        if rc != 0 and "is missing (expected 1 value)" in text:
            for v in VALUES.get(opt, GENERIC):
                rc, text = run(tmp, [opt, v], out)
                value = " " + v
                if rc == 0 or "invalid" not in text:
                    break
        if rc != 0 and ("invalid value" in text or "invalid argument" in text) \
                and args is not attempts[-1][0]:
            verdict = ("error", value, first_error(text))
            continue
        if rc != 0 and re.search(r"for target 'bpf'|cannot be specified on "
                                 r"this target|clang compiler does not "
                                 r"support|unknown argument:", text):
            verdict = ("target", value, first_error(text))
        elif rc != 0:
            verdict = ("error", value, first_error(text))
        elif "argument unused during compilation" in text:
            verdict = ("unused", value, "")
        elif not os.path.exists(out):
            verdict = ("noobj", value, "")
        elif signature(out, False) != base:
            verdict = ("changed", value, "")
        elif signature(out, True) != base_debug:
            verdict = ("debug", value, "")
        else:
            verdict = ("same", value, "")
        break
    return (opt,) + verdict


def main():
    opts = subprocess.run([CLANG, "--autocomplete=-"], capture_output=True,
                          text=True, check=True).stdout.splitlines()
    # Lines that are not names are the rest of a description.
    names = sorted({l.split("\t")[0] for l in opts if l.startswith("-")})
    tmp = tempfile.mkdtemp(prefix="probe-clang-")
    with open(os.path.join(tmp, "probe.c"), "w") as f:
        f.write(PROBE_C)
    # The base object is built the way each option's is, in a directory
    # of the same name length (DWARF holds the directory).
    bdir = tempfile.mkdtemp(dir=tmp)
    os.symlink(os.path.join(tmp, "probe.c"), os.path.join(bdir, "probe.c"))
    rc, text = run(bdir, [], os.path.join(bdir, "base.o"))
    if rc:
        sys.exit("probe-clang-options: the probe does not compile:\n" + text)
    base = signature(os.path.join(bdir, "base.o"), False)
    base_debug = signature(os.path.join(bdir, "base.o"), True)
    todo = [n for n in names if not n.startswith("-W")]
    jobs = int(os.environ.get("JOBS", "2"))
    results = {}

    def one(opt):
        d = tempfile.mkdtemp(dir=tmp)
        os.symlink(os.path.join(tmp, "probe.c"), os.path.join(d, "probe.c"))
        try:
            return probe(opt, d, base, base_debug)
        except subprocess.TimeoutExpired:
            return (opt, "error", "", "timed out")

    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        for r in ex.map(one, todo):
            results[r[0]] = r
    print("# clang-19 --autocomplete=- options probed in a BPF compile by "
          "runtime/cc/probe-clang-options.py")
    print("# %s" % subprocess.run([CLANG, "--version"], capture_output=True,
                                  text=True).stdout.splitlines()[0])
    for n in names:
        if n.startswith("-W"):
            print("%s\twarning\t\t" % n)
        else:
            o, v, val, note = results[n]
            print("%s\t%s\t%s\t%s" % (o, v, val, note.replace("\t", " ")))


if __name__ == "__main__":
    main()
