#!/usr/bin/env python3
"""verdict.py OUTDIR: what a `make check-gcc' run (OUTDIR = build/gcc-check,
both configurations) proves, as a few checks for `make check'
(testsuite/bpfsupport.gccfull): one line `PASS: what' or `FAIL: what'
each, the tests behind a failure on `LOG: ' lines.

  - the run happened: both configurations, at least MIN_BUILT execute tests
    built and run in each;
  - no internal compiler error in either configuration;
  - no result is worse with the plugin than without it (every result line
    of every directory: PASS/XFAIL > UNSUPPORTED > FAIL/UNRESOLVED/...);
  - with the plugin, every execute test that builds passes on bpf-run
    (one line per test, then one for all);
  - gcc.target/bpf and gcc.dg/debug/btf give the same results in both;
  - except for the results in ON_PURPOSE, which the plugin or bpf-run
    change on purpose: each must still come out as listed there (when one
    no longer does, the list is stale and that is a failure too).
"""
import glob, os, re, sys

MIN_BUILT = 1500
out = sys.argv[1]
RANK = {"PASS": 2, "XFAIL": 2, "UNSUPPORTED": 1, "UNTESTED": 1}


# Results that differ on purpose: test -> (result with the plugin, why).
ON_PURPOSE = {
    "gcc.c-torture/execute/pr47237.c  -O2  execution test": (
        "FAIL",
        "__builtin_apply copies 16 bytes from above its frame, the caller's "
        "stack; bpf-run gives each frame a stack of its own, as the kernel's "
        "verifier does (doc/bpf-run.md, the sandbox)"),
}


def load(config):
    res = {}
    path = os.path.join(out, config + ".res")
    if not os.path.exists(path):
        return None
    for line in open(path, errors="replace"):
        result, _, test = line.strip().partition(": ")
        res.setdefault(test, set()).add(result)
    return res


def rank(results):
    return min(RANK.get(r, 0) for r in results)


def check(ok, what, details=()):
    print(("PASS: " if ok else "FAIL: ") + what)
    for d in list(details)[:200]:
        print("LOG: " + d)


gcc, plugin = load("gcc"), load("plugin")
if gcc is None or plugin is None:
    check(False, "check-gcc produced results for both configurations (see %s)" % out)
    sys.exit(0)

stale = ["%s: expected %s with the plugin, got %s"
         % (t, want, "/".join(sorted(plugin.get(t, {"missing"}))))
         for t, (want, why) in sorted(ON_PURPOSE.items())
         if plugin.get(t) != {want}]
check(not stale, "the %d result(s) that differ on purpose come out as listed"
      % len(ON_PURPOSE), stale + ["%s: %s" % (t, why)
                                  for t, (want, why) in sorted(ON_PURPOSE.items())])
for t in ON_PURPOSE:
    gcc.pop(t, None)
    plugin.pop(t, None)

executions = {c: {t: r for t, r in res.items()
                  if "/execute/" in t and "execution" in t}
              for c, res in (("gcc", gcc), ("plugin", plugin))}
check(all(len(e) >= MIN_BUILT for e in executions.values()),
      "execute tests built and run: %d without the plugin, %d with it (at least %d)"
      % (len(executions["gcc"]), len(executions["plugin"]), MIN_BUILT))

ices = []
for log in glob.glob(os.path.join(out, "*", "*", "gcc.log")):
    for line in open(log, errors="replace"):
        if "internal compiler error" in line:
            ices.append("%s: %s" % (os.path.relpath(log, out), line.strip()))
check(not ices, "no internal compiler error in either configuration", ices)

worse = ["%s: %s without the plugin, %s with it"
         % (t, "/".join(sorted(r)), "/".join(sorted(plugin.get(t, {"missing"}))))
         for t, r in sorted(gcc.items())
         if t not in plugin or rank(plugin[t]) < rank(r)]
better = sum(1 for t, r in gcc.items() if t in plugin and rank(plugin[t]) > rank(r))
check(not worse, "no result worse with the plugin (%d results compared, %d better with it)"
      % (len(gcc), better), worse)

# One result per execute test as well: each is a value check of its own
# (the test calls abort() when a value differs from the one its source
# expects), which the line after this one only sums up.
for t, r in sorted(executions["plugin"].items()):
    name = re.sub(r"\s+execution test$", "", re.sub(r"\s+", " ", t))
    check(rank(r) == 2, "%s with the plugin: the test's own checks pass on bpf-run" % name)

# gcc.c-torture/compile per level: with KEEP_OBJECTS the plugin's builds
# are assembled by bpf-asm (bpf-gcc alone: bpf-as), so a file bpf-asm
# cannot assemble is a worse result here too.
for lvl in ("-O0 -g", "-O2 -g"):
    tests = [t for t in gcc if "c-torture/compile/" in t
             and re.search(r"\s%s(\s|$)" % re.escape(lvl), t)]
    bad = [t for t in tests if t not in plugin or rank(plugin[t]) < rank(gcc[t])]
    check(tests and not bad, "gcc.c-torture/compile %s: no result worse with the plugin (%d results)"
          % (lvl, len(tests)), bad)

failing = sorted(t for t, r in executions["plugin"].items() if rank(r) < 2)
passing = len(executions["plugin"]) - len(failing)
check(not failing, "with the plugin, every execute test that builds passes on bpf-run (%d/%d)"
      % (passing, len(executions["plugin"])), failing)

for d in ("gcc.target/bpf/", "gcc.dg/debug/btf/"):
    g = {t: r for t, r in gcc.items() if t.startswith(d)}
    p = {t: r for t, r in plugin.items() if t.startswith(d)}
    diff = sorted(t for t in set(g) | set(p) if g.get(t) != p.get(t))
    check(g and not diff, "%s: the same results with and without the plugin (%d results)"
          % (d.rstrip("/"), len(g)), diff)
