#!/usr/bin/env python3
"""fuzz-diff.py - differential testing of bpf-cc against the host compiler,
clang-19, bpf-run and the kernel (make fuzz-diff; doc/testing.md).

Each case is a random C program, from csmith (with testsuite/fuzz/csmith.h as
its runtime) or from bpfgen.py (BPF-typical code: an XDP program over a test
packet, with an array map).  The program's value is a 32-bit checksum: the
native build (host gcc -O2) prints it, the BPF builds return it as the XDP
program's retval.  Every BPF object is run in bpf-run and, where the verifier
accepts it, in the kernel (bpf-kload, BPF_PROG_TEST_RUN).

Classes (one per case and variant; doc/testing.md says more):
  ok               value == native (sim, and kernel when it loaded)
  plugin-miscomp   bpf-cc's value != native, bpf-gcc without the plugin
                   gives another (right, or no) value
  backend-miscomp  bpf-gcc without the plugin gives the same wrong value
  predefine        bpf-cc's value is right once the macros clang-19
                   predefines and bpf-cc does not are given with -D
  clang-miscomp    clang-19's value != native
  sim-divergence   bpf-run's value (or error) != the kernel's, same object
  cc-only-refusal  the kernel refuses bpf-cc's object, loads clang-19's at
                   the same -mcpu and -O level (-O0 with -O0, -O2 and -Os
                   with -O2; first verifier error line kept)
  both-refused     the kernel refuses both (checked in bpf-run only)
  cc-compile-fail  bpf-cc fails where clang-19 compiles
  both-fail        neither compiles (the generator's fault: not a finding)
  timeout          a compiler, bpf-run or the kernel ran out of time
"""
import argparse, types, hashlib, json, os, re, shutil, subprocess, sys, time
from concurrent.futures import ProcessPoolExecutor, as_completed

HERE = os.path.dirname(os.path.abspath(__file__))
BPF_INC = ["-I/usr/include", "-idirafter", "/usr/include/x86_64-linux-gnu"]
CSMITH_OPTS = ("--no-argc --no-pointers --no-float --no-bitfields --no-packed-struct "
               "--max-funcs 4 --max-array-dim 2 --max-array-len-per-dim 6 "
               "--max-struct-fields 6 --no-arg-structs --no-return-structs "
               "--no-arg-unions --no-return-unions --max-block-depth 3 "
               "--max-expr-complexity 8 --no-hash-value-printf --quiet")
FINDINGS = ("plugin-miscomp", "backend-miscomp", "predefine", "clang-miscomp",
            "sim-divergence", "cc-only-refusal", "cc-compile-fail", "timeout")
CLASSES = ("ok",) + FINDINGS + ("both-refused", "both-fail")
DEFAULT_PACKET = "00" * 64


def run(cmd, timeout, cwd=None):
    """(rc, stdout, stderr); rc None on timeout."""
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                           timeout=timeout, errors="replace")
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", "timeout"


def compile_command(opts, compiler, olevel, cpu, src, obj, extra=()):
    """The command that builds SRC into OBJ: compiler "cc" (bpf-cc, from
    opts.bin), "clang" (opts.clang) or "gcc" (opts.bpf_gcc, no plugin)."""
    base = ["-%s" % olevel, "-w", "-g", "-I", HERE] + BPF_INC + list(extra) + ["-c", src, "-o", obj]
    if compiler == "cc":
        return [os.path.join(opts.bin, "bpf-cc"), "-target", "bpf", "-mcpu=" + cpu] + base
    if compiler == "clang":
        return [opts.clang, "-target", "bpf", "-mcpu=" + cpu] + base
    # bpf-gcc without the plugin; GCC 12 knows v1..v3
    c = cpu if cpu in ("v1", "v2", "v3") else "v3"
    return [opts.bpf_gcc, "-mcpu=" + c, "-gbtf", "-DBG_KERNEL_HELPER"] + [a for a in base if a != "-g"]


def compile_error(err):
    """A failed compile's first error line, the file name cut (a compile
    failure's finding KEY is made of it)."""
    lines = err.strip().splitlines() or ["?"]
    errs = [l for l in lines if "error" in l] or lines
    return re.sub(r"^\S*prog\.c:", "", errs[0])[:300]


def variants(opts):
    """[(name, compiler, olevel, cpu)]"""
    vs = []
    for o in opts.olevels:
        for c in opts.cpus:
            vs.append(("cc-%s-%s" % (o, c), "cc", o, c))
    if opts.clang:
        for o in opts.clang_olevels:
            for c in opts.cpus:
                vs.append(("clang-%s-%s" % (o, c), "clang", o, c))
    return vs


def clang_peer(opts, o, c):
    """The clang-19 variant a bpf-cc variant at -O level O is compared with:
    the same level where clang-19 is built at it (-O0 with -O0: GCC and
    clang both keep every local in memory there, and clang's -O0 objects
    are refused for the same reasons), else -O2."""
    return "clang-%s-%s" % (o if o in opts.clang_olevels else "O2", c)


def u32(v):
    return None if v is None else int(v) & 0xffffffff


def first_error_line(log):
    """The verifier's error: the last line of its log that is neither an
    instruction, a source line nor one of the closing statistics."""
    m = re.search(r"-- BEGIN PROG LOAD LOG --\n(.*?)-- END PROG LOAD LOG --", log, re.S)
    body = m.group(1) if m else log
    lines = body.splitlines()
    for i, l in enumerate(lines):  # the error is the line before the statistics
        if l.startswith("processed ") and i > 0:
            lines = lines[:i]
            break
    keep = []
    for l in lines:
        # The verifier writes some errors after the instruction it stopped
        # at, on the same line ("774: (65) if r0 s> 0x1a goto pc-51 BPF
        # program is too large. Processed 1000001 insn").
        m = re.search(r"(BPF program is too large\..*|The sequence of \d+ jumps is too complex\..*"
                      r"|infinite loop detected at insn \d+.*)$", l)
        if m:
            keep.append(m.group(1).strip())
            continue
        s = l.strip()
        if (not s or re.match(r"^\d+: ", s) or s.startswith(";")
                or s.startswith(("processed ", "verification time", "stack depth",
                                 "mark_precise", "libbpf:", "bpf-kload:"))
                or re.match(r"^(from|last_idx|frame\d|parent|regs=|old state|cur state|R\d+(_\w+)?=)", s)):
            continue
        keep.append(s)
    return keep[-1] if keep else (body.strip().splitlines() or ["?"])[-1]


class Case:
    def __init__(self, opts, gen, seed):
        self.opts, self.gen, self.seed = opts, gen, seed
        self.name = "%s-%d" % (gen, seed)
        self.dir = os.path.join(opts.out, "work", self.name)
        self.src = os.path.join(self.dir, "prog.c")
        self.packet = DEFAULT_PACKET

    # ------------------------------------------------------------ generate
    def generate(self):
        os.makedirs(self.dir, exist_ok=True)
        if self.gen == "csmith":
            rc, _, err = run(["csmith", "--seed", str(self.seed)] + self.opts.csmith_opts.split()
                             + ["-o", self.src], 60, cwd=self.dir)  # it writes platform.info there
        else:
            rc, _, err = run([sys.executable, os.path.join(HERE, "bpfgen.py"),
                              "--seed", str(self.seed), "-o", self.src], 60)
        if rc != 0:
            return "generator failed: " + err.strip()[:200]
        m = re.search(r"^/// DATA: ([0-9a-f]+)$", open(self.src).read(), re.M)
        if m:
            self.packet = m.group(1)
        return None

    def native(self):
        exe = os.path.join(self.dir, "native")
        rc, _, err = run([self.opts.hostcc, "-O2", "-w", "-I", HERE, self.src, "-o", exe], 120)
        if rc != 0:
            return None, "native build failed: " + err.strip()[-200:]
        rc, out, _ = run([exe], self.opts.native_timeout)
        if rc is None:
            return None, "native run timed out"
        if rc != 0 or not out.strip().isdigit():
            return None, "native run failed (rc %s)" % rc
        return u32(out.strip()), None

    # ------------------------------------------------------------- compile
    def compile(self, tag, compiler, olevel, cpu, extra=()):
        obj = os.path.join(self.dir, tag + ".o")
        cmd = compile_command(self.opts, compiler, olevel, cpu, self.src, obj, extra)
        rc, _, err = run(cmd, self.opts.compile_timeout)
        if rc is None:
            return None, "timeout"
        if rc != 0 or not os.path.exists(obj):
            return None, compile_error(err)
        return obj, None

    # ----------------------------------------------------------------- run
    def sim(self, obj):
        rc, out, err = run([os.path.join(self.opts.bin, "bpf-run"), "--json", "--max-insns",
                            str(self.opts.max_insns), "--data-hex", self.packet, obj],
                           self.opts.run_timeout)
        if rc is None:
            return "timeout", None
        m = re.search(r'"retval":(-?\d+)', out)
        if rc != 0 or not m:
            msg = (err.strip().splitlines() or ["rc %s" % rc])[-1]
            if "budget" in msg or "instruction limit" in msg or "max-insns" in msg:
                return "timeout", msg
            return "error", msg
        return "ok", u32(m.group(1))

    def kernel(self, obj):
        if not self.opts.kernel:
            return "off", None
        kl = os.path.join(self.opts.bin, "bpf-kload")
        rc, out, err = run([kl, "--json", "--data-hex", self.packet, obj], self.opts.run_timeout)
        if rc is None:
            return "timeout", None
        m = re.search(r'"retval":(-?\d+)', out)
        if rc == 0 and m:
            return "ok", u32(m.group(1))
        if rc == 77:
            # bpf-kload re-probed: the kernel loads no BPF at all here
            return "off", None
        if "load failed" in err or "refused to load" in err:
            # bpf-kload follows the error with the end of the verifier's log
            return "refused", first_error_line(err)
        return "error", (err.strip().splitlines() or ["rc %s" % rc])[-1]

    # ------------------------------------------------------------ classify
    def go(self):
        t0 = time.time()
        err = self.generate()
        if err:
            return self.name, "skip", err, {}, None
        ref, err = self.native()
        if err:
            return self.name, "skip", err, {}, None
        self.ref = ref
        res = {}
        vs = variants(self.opts)
        ran = {}  # object bytes' hash -> (sim, kernel): v3 and v4 are often one object
        for (vname, comp, o, c) in vs:
            obj, cerr = self.compile(vname, comp, o, c)
            r = {"compiler": comp, "O": o, "cpu": c}
            if obj is None:
                r["compile"] = cerr
            else:
                with open(obj, "rb") as f:
                    h = hashlib.sha1(f.read()).hexdigest()
                if h not in ran:
                    ran[h] = (self.sim(obj), self.kernel(obj))
                r["sim"], r["kernel"] = ran[h]
            res[vname] = r
        for (vname, comp, o, c) in vs:
            r = res[vname]
            r["class"], r["detail"] = self.classify(vname, comp, o, c, r, res)
        if self.opts.keep_work:
            pass
        elif all(r["class"] in ("ok", "both-refused", "both-fail") for r in res.values()):
            shutil.rmtree(self.dir, ignore_errors=True)
        else:
            for f in os.listdir(self.dir):
                if f.endswith(".o") or f == "native":
                    os.unlink(os.path.join(self.dir, f))
        return self.name, "done", "%.1fs" % (time.time() - t0), res, self.ref

    def value(self, r):
        """The object's value: the kernel's when it ran, else bpf-run's."""
        if r.get("kernel", ("off",))[0] == "ok":
            return r["kernel"][1]
        if r.get("sim", ("",))[0] == "ok":
            return r["sim"][1]
        return None

    def classify(self, vname, comp, o, c, r, res):
        clang = res.get(clang_peer(self.opts, o, c))
        clang_built = clang is not None and "compile" not in clang
        if "compile" in r:
            if r["compile"] == "timeout":
                return "timeout", "compile"
            if comp == "cc" and clang_built:
                return "cc-compile-fail", r["compile"]
            return "both-fail", r["compile"]
        sim, kern = r["sim"], r["kernel"]
        if sim[0] == "timeout" or kern[0] == "timeout":
            return "timeout", "bpf-run" if sim[0] == "timeout" else "kernel"
        if kern[0] == "ok" and (sim[0] != "ok" or sim[1] != kern[1]):
            return "sim-divergence", "bpf-run %s, kernel %#x" % (
                "%#x" % sim[1] if sim[0] == "ok" else sim[1], kern[1])
        v = self.value(r)
        if v is None:
            if kern[0] == "refused" and sim[0] != "ok":
                return "both-fail", "refused and bpf-run: %s" % sim[1]
            return "both-fail", "no value: bpf-run %s, kernel %s" % (sim, kern)
        if v != self.ref:
            detail = "value %#x, native %#x" % (v, self.ref)
            if comp == "clang":
                return "clang-miscomp", detail
            return self.attribute(vname, o, c, v, detail)
        if kern[0] == "refused" and comp == "cc":
            if clang is not None and clang.get("kernel", ("",))[0] == "ok":
                return "cc-only-refusal", kern[1]
            return "both-refused", kern[1]
        if kern[0] == "refused":
            return "both-refused", kern[1]
        if kern[0] == "error":
            # loaded, but the test run failed: never an agreement
            return "both-fail", "kernel: %s" % kern[1]
        return "ok", ""

    def attribute(self, vname, o, c, v, detail):
        """bpf-cc's value is wrong: a missing predefine, the plugin, or
        bpf-gcc itself?"""
        missing = self.opts.missing_defs.get(c, [])
        if missing:
            obj, _ = self.compile(vname + "-D", "cc", o, c, ["-D" + d for d in missing])
            if obj:
                st, val = self.sim(obj)
                if st == "ok" and val == self.ref:
                    return "predefine", detail + "; right with -D" + " -D".join(missing)
        obj, err = self.compile(vname + "-gcc", "gcc", o, c)
        if obj is None:
            return "plugin-miscomp", detail + "; bpf-gcc alone: does not build"
        st, val = self.sim(obj)
        if st == "ok" and val == v:
            return "backend-miscomp", detail + "; bpf-gcc alone gives the same"
        return "plugin-miscomp", detail + "; bpf-gcc alone: %s" % (
            "%#x" % val if st == "ok" else "%s %s" % (st, val))


def predefine_diff(opts):
    """Per -mcpu: macros clang-19 predefines for BPF that bpf-cc does not
    (names only; values differing are not counted)."""
    def macros(cmd):
        rc, out, _ = run(cmd + ["-dM", "-E", "-x", "c", "/dev/null"], 60)
        d = {}
        for l in out.splitlines():
            p = l.split(None, 2)
            if len(p) >= 2 and p[0] == "#define":
                d[p[1]] = p[2] if len(p) > 2 else ""
        return d
    res = {}
    for c in opts.cpus:
        cl = macros([opts.clang, "-target", "bpf", "-mcpu=" + c])
        cc = macros([os.path.join(opts.bin, "bpf-cc"), "-target", "bpf", "-mcpu=" + c])
        if not cl or not cc:
            res[c] = []
            continue
        res[c] = sorted(k for k in cl if k not in cc and re.search(r"BPF|bpf|ENDIAN", k))
    return res


def work(args):
    opts, gen, seed = args
    try:
        return Case(opts, gen, seed).go()
    except Exception as e:  # a harness bug must not stop the campaign
        return "%s-%d" % (gen, seed), "skip", "harness error: %r" % e, {}, None


def signature(res, cls):
    return ",".join(sorted(v for v, r in res.items() if r["class"] == cls))


def keep_finding(opts, name, res, summary):
    """Each distinct finding's source under findings/CLASS/KEY/: KEY is the
    set of variants in that class for miscompiles (a bug shows as its
    pattern of -O and -mcpu), the first error line for refusals, compile
    failures and divergences.  At most opts.per_key cases per key."""
    kept = []
    src_dir = os.path.join(opts.out, "work", name)
    for cls in FINDINGS:
        hits = {v: r for v, r in res.items() if r["class"] == cls}
        if not hits:
            continue
        if cls in ("cc-only-refusal", "cc-compile-fail", "sim-divergence", "timeout"):
            keys = {}
            for v, r in hits.items():
                d = r["detail"]
                if cls == "sim-divergence":
                    d = "bpf-run error" if "bpf-run 0x" not in d else "value"
                keys.setdefault(re.sub(r"\d+", "N", d)[:120], []).append(v)
        else:
            keys = {signature(res, cls): list(hits)}
        for key, vs in keys.items():
            h = hashlib.sha1(key.encode()).hexdigest()[:10]
            kdir = os.path.join(opts.out, "findings", cls, h)
            os.makedirs(kdir, exist_ok=True)
            with open(os.path.join(kdir, "KEY"), "w") as f:
                f.write(key + "\n")
            if len([d for d in os.listdir(kdir) if d != "KEY"]) >= opts.per_key:
                continue
            cdir = os.path.join(kdir, name)
            os.makedirs(cdir, exist_ok=True)
            shutil.copy(os.path.join(src_dir, "prog.c"), cdir)
            with open(os.path.join(cdir, "report.txt"), "w") as f:
                f.write("%s: %s in %s\n%s\n" % (name, cls, ", ".join(sorted(vs)), summary))
            kept.append(cdir)
    return kept


def report(name, res, ref):
    lines = ["native %#x" % ref if ref is not None else "native ?"]
    for v, r in res.items():
        if "compile" in r:
            lines.append("%-14s compile: %s  => %s" % (v, r["compile"], r["class"]))
            continue
        s, k = r["sim"], r["kernel"]
        fs = "%#x" % s[1] if s[0] == "ok" else "%s %s" % s
        fk = "%#x" % k[1] if k[0] == "ok" else "%s %s" % k
        lines.append("%-14s bpf-run %s; kernel %s  => %s %s" % (v, fs, fk, r["class"], r["detail"]))
    return "\n".join(lines)


def build_id(opts, a):
    """What a resumed run must share with the results it adds to: the
    tools' bytes, the generators and the options that change a result."""
    h = hashlib.sha1()
    files = [os.path.join(opts.bin, t) for t in ("bpf-cc", "bpf-run", "bpf-kload")]
    files += [os.path.join(os.path.dirname(opts.bin), "bpfsupport.so"),
              os.path.join(os.path.dirname(opts.bin), "libexec", "bpfsupport", "as"),
              os.path.join(HERE, "bpfgen.py"), os.path.join(HERE, "csmith.h")]
    for f in files:
        if os.path.exists(f):
            with open(f, "rb") as fh:
                h.update(hashlib.sha1(fh.read()).digest())
    h.update(repr((a.olevels, a.cpus, opts.clang_olevels, opts.clang, opts.kernel, a.csmith_opts,
                   a.max_insns, a.native_timeout)).encode())
    return h.hexdigest()[:12]


def read_known(path):
    """[(class, compiled regex, cause)] from lines CLASS<TAB>REGEX<TAB>CAUSE."""
    known = []
    if not os.path.exists(path):
        return known
    for line in open(path):
        if not line.strip() or line.startswith("#"):
            continue
        cls, rx, cause = line.rstrip("\n").split("\t", 2)
        known.append((cls, re.compile(rx), cause))
    return known


def refusal_causes(records, known):
    """{(class, key): [results, programs, cause or None]} for every bpf-cc-only
    refusal and compile failure: key is the error line, numbers folded."""
    out = {}
    for rec in records:
        seen = set()
        for v, r in (rec.get("res") or {}).items():
            if r["class"] not in ("cc-only-refusal", "cc-compile-fail"):
                continue
            key = (r["class"], re.sub(r"\d+", "N", r["detail"])[:120])
            e = out.setdefault(key, [0, 0, None])
            e[0] += 1
            if key not in seen:
                e[1] += 1
                seen.add(key)
            if e[2] is None:
                e[2] = next((c for k, rx, c in known if k == key[0] and rx.search(r["detail"])), None)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(os.path.dirname(os.path.dirname(HERE)), "build"))
    ap.add_argument("-n", type=int, default=20, help="number of programs")
    ap.add_argument("--seed", type=int, default=1, help="first generator seed (case i: SEED+i)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--gen", default="csmith,bpfgen", help="csmith, bpfgen or both (alternating)")
    ap.add_argument("--olevels", default="O0,O2,Os")
    ap.add_argument("--cpus", default="v1,v2,v3,v4")
    ap.add_argument("--clang-olevels", default="O0,O2",
                    help="clang-19's -O levels; bpf-cc's -O0 is compared with clang's -O0 when built, the rest with -O2")
    ap.add_argument("--no-clang", dest="clang_on", action="store_false")
    ap.add_argument("--no-kernel", dest="kernel_on", action="store_false")
    ap.add_argument("--out", default=None, help="default BUILD/fuzz-diff")
    ap.add_argument("--per-key", type=int, default=3, help="cases kept per distinct finding")
    ap.add_argument("--keep-work", action="store_true", help="keep every case's objects")
    ap.add_argument("--csmith-opts", default=CSMITH_OPTS)
    ap.add_argument("--max-insns", type=int, default=20000000)
    ap.add_argument("--run-timeout", type=float, default=30)
    ap.add_argument("--compile-timeout", type=float, default=120)
    ap.add_argument("--native-timeout", type=float, default=2)
    ap.add_argument("--expect", default="", help="CLASS[@VARIANT]=MIN,...: exit 1 unless at least MIN cases")
    ap.add_argument("--time-limit", type=float, default=0, help="stop starting programs after this many seconds")
    ap.add_argument("--fail-on", default="", help="CLASS,...: exit 1 if any case is in one; 'unlisted': any refusal "
                         "or compile failure without a cause in --known-refusals")
    ap.add_argument("--resume", action="store_true",
                    help="keep OUT/results.jsonl and findings; programs already there are not run "
                         "again, and the table covers them (the same build only)")
    ap.add_argument("--report", action="store_true",
                    help="with --resume: run nothing, print the table of the programs in "
                         "results.jsonl (a campaign still running, or stopped)")
    ap.add_argument("--known-refusals", default=os.path.join(HERE, "known-refusals"),
                    help="the causes of bpf-cc-only refusals and compile failures; "
                         "findings matching none are listed as UNLISTED")
    a = ap.parse_args()
    a.resume |= a.report

    opts = types.SimpleNamespace()
    opts.bin = os.path.join(a.build, "bin")
    opts.out = a.out or os.path.join(a.build, "fuzz-diff")
    opts.olevels, opts.cpus = a.olevels.split(","), a.cpus.split(",")
    opts.clang_olevels = [o for o in a.clang_olevels.split(",") if o]
    if "O2" not in opts.clang_olevels:
        opts.clang_olevels.append("O2")
    opts.clang = os.environ.get("CLANG19", "clang-19") if a.clang_on else None
    opts.bpf_gcc = os.environ.get("BPF_GCC", "bpf-gcc")
    opts.hostcc = os.environ.get("HOSTCC", "gcc")
    opts.kernel = a.kernel_on
    for k in ("per_key", "keep_work", "csmith_opts", "max_insns", "run_timeout",
              "compile_timeout", "native_timeout"):
        setattr(opts, k, getattr(a, k))
    if opts.kernel:
        rc, _, _ = run([os.path.join(opts.bin, "bpfs-kernel-check")], 30)
        if rc != 0:
            print("fuzz-diff: the kernel does not load BPF here: bpf-run only")
            opts.kernel = False
    opts.missing_defs = predefine_diff(opts) if opts.clang else {}
    shutil.rmtree(os.path.join(opts.out, "work"), ignore_errors=True)
    results_path = os.path.join(opts.out, "results.jsonl")
    build = build_id(opts, a)
    previous = {}
    if a.resume and os.path.exists(results_path):
        for line in open(results_path):
            try:
                rec = json.loads(line)
            except ValueError:
                continue  # a line cut short when the last run was killed
            if rec.get("build") != build:
                print("fuzz-diff: error: %s is from another build or other options (%s, now %s); "
                      "run without --resume, or with another --out" % (results_path, rec.get("build"), build))
                return 2
            previous[rec["name"]] = rec
    else:
        shutil.rmtree(os.path.join(opts.out, "findings"), ignore_errors=True)
        if os.path.exists(results_path):
            os.unlink(results_path)
    os.makedirs(opts.out, exist_ok=True)

    gens = a.gen.split(",")
    names = ["%s-%d" % (gens[i % len(gens)], a.seed + i) for i in range(a.n)]
    cases = [(opts, gens[i % len(gens)], a.seed + i) for i in range(a.n) if names[i] not in previous]
    if a.report:
        cases = []
    records = [previous[n] for n in names if n in previous]
    vnames = [v[0] for v in variants(opts)]
    print("fuzz-diff: %d programs (%s), seed %d, %d jobs, variants %s; kernel %s; build %s"
          % (a.n, "+".join(gens), a.seed, a.jobs, " ".join(vnames), "on" if opts.kernel else "off", build))
    if records:
        print("fuzz-diff: resuming: %d programs done in %s, %d to run" % (len(records), results_path, len(cases)))
    for c, m in sorted(opts.missing_defs.items()):
        if m:
            print("fuzz-diff: predefine: clang-19 -mcpu=%s defines, bpf-cc does not: %s" % (c, " ".join(m)))
    done, fresh, kept_all = len(records), 0, []
    log = open(os.path.join(opts.out, "log.txt"), "a" if records or a.report else "w")
    results = open(results_path, "a")
    t0 = time.time()
    ex = ProcessPoolExecutor(max_workers=a.jobs)
    futs = [ex.submit(work, c) for c in cases]
    stopped = None
    try:
        for fut in as_completed(futs):
            if a.time_limit and time.time() - t0 > a.time_limit and not stopped:
                stopped = "time limit (%d s)" % a.time_limit
                for f in futs:
                    f.cancel()
            if fut.cancelled():
                continue
            name, status, info, res, ref = fut.result()
            done += 1
            fresh += 1
            rec = {"name": name, "build": build, "status": status, "info": info, "res": res, "ref": ref}
            records.append(rec)
            if status == "skip":
                print("[%d/%d] %s: skipped: %s" % (done, a.n, name, info), flush=True)
                log.write("%s: skipped: %s\n" % (name, info))
            else:
                bad = sorted({r["class"] for r in res.values()} - {"ok", "both-refused", "both-fail"})
                summ = report(name, res, ref)
                log.write("== %s (%s)\n%s\n" % (name, info, summ))
                if bad:
                    kept_all += keep_finding(opts, name, res, summ)
                print("[%d/%d] %s: %s (%s)" % (done, a.n, name,
                      ", ".join("%s in %d" % (b, sum(1 for r in res.values() if r["class"] == b))
                                for b in bad) or "ok", info), flush=True)
            log.flush()
            # written after the findings, so that a resumed run has both
            results.write(json.dumps(rec, sort_keys=True) + "\n")
            results.flush()
    except KeyboardInterrupt:
        stopped = "interrupted"
        for f in futs:
            f.cancel()
    ex.shutdown(wait=True, cancel_futures=True)
    if stopped:
        print("fuzz-diff: stopped after %d programs: %s (go on with --resume)" % (done, stopped))
    log.close()
    results.close()
    shutil.rmtree(os.path.join(opts.out, "work"), ignore_errors=True) if not a.keep_work else None

    table = {v: {k: 0 for k in CLASSES} for v in vnames}
    patterns = {}  # miscompiled cases by the -mcpu values they fail at
    skipped = {}
    for rec in records:
        if rec["status"] == "skip":
            reason = re.sub(r"\(rc.*|:.*", "", rec["info"])
            skipped[reason] = skipped.get(reason, 0) + 1
            continue
        for v, r in rec["res"].items():
            if v in table:
                table[v][r["class"]] += 1
        cpus = sorted({r["cpu"] for r in rec["res"].values()
                       if r["class"] in ("plugin-miscomp", "backend-miscomp")})
        if cpus:
            patterns[",".join(cpus)] = patterns.get(",".join(cpus), 0) + 1
    cols = [k for k in CLASSES if any(table[v][k] for v in vnames)] or ["ok"]
    short = {"plugin-miscomp": "plugin", "backend-miscomp": "backend", "predefine": "predef",
             "clang-miscomp": "clang", "sim-divergence": "sim-div", "cc-only-refusal": "cc-refuse",
             "both-refused": "both-ref", "cc-compile-fail": "cc-nobuild", "both-fail": "both-fail",
             "timeout": "timeout", "ok": "ok"}
    print("\nfuzz-diff: %d programs (%d ran, %d this run in %.0f s); skipped: %s" % (
        done, done - sum(skipped.values()), fresh, time.time() - t0, ", ".join("%d %s" % (n, r) for r, n in sorted(skipped.items())) or "none"))
    print("%-14s" % "variant" + "".join("%11s" % short[k] for k in cols))
    for v in vnames:
        print("%-14s" % v + "".join("%11d" % table[v][k] for k in cols))
    print("%-14s" % "total" + "".join("%11d" % sum(table[v][k] for v in vnames) for k in cols))
    known = {"v1": "at v1 only: GCC 12's bpf_expand_cbranch reverses a <= b into a < b",
             "v1,v2": "below v3: u32 -> u64 zero extension is r &= -1, a no-op"}
    if patterns:
        print("\nbpf-cc miscompiled programs by the -mcpu values they fail at:")
        for p, n in sorted(patterns.items()):
            print("  %-12s %4d  %s" % (p, n, known.get(p, "")))
    causes = refusal_causes(records, read_known(a.known_refusals))
    if causes:
        print("\nbpf-cc-only refusals and compile failures, by first error (causes: %s):"
              % os.path.relpath(a.known_refusals))
        print("  %-16s %7s %8s  %s" % ("class", "results", "programs", "error / cause"))
        for (cls, key), (n, progs, cause) in sorted(causes.items(), key=lambda kv: -kv[1][0]):
            print("  %-16s %7d %8d  %s\n  %42s-> %s" % (cls, n, progs, key, "", cause or "UNLISTED"))
    fdir = os.path.join(opts.out, "findings")
    if os.path.isdir(fdir):
        print("\ndistinct findings (%s):" % fdir)
        for cls in sorted(os.listdir(fdir)):
            for h in sorted(os.listdir(os.path.join(fdir, cls))):
                kd = os.path.join(fdir, cls, h)
                key = open(os.path.join(kd, "KEY")).read().strip()
                n = len([d for d in os.listdir(kd) if d != "KEY"])
                print("  %-16s %s  %s  (%d kept)" % (cls, h, key[:100], n))
    ok = True
    for cls in filter(None, a.fail_on.split(",")):
        if cls == "unlisted":
            got = sum(n for n, _, cause in causes.values() if cause is None)
        else:
            got = sum(table[v][cls] for v in vnames)
        if got:
            print("fuzz-diff: FAIL: %d %s" % (got, cls))
            ok = False
    for e in filter(None, a.expect.split(",")):
        k, mn = e.split("=")
        cls, _, var = k.partition("@")
        got = sum(table[v][cls] for v in vnames if not var or v == var)
        print("fuzz-diff: expect %s >= %s: %d %s" % (k, mn, got, "yes" if got >= int(mn) else "NO"))
        ok &= got >= int(mn)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
