#!/bin/sh
# run.sh BUILD [STEP...]: the kernel's own BPF test runner, test_progs, built twice
# from linux-source-6.12 with the selftests Makefile unchanged (variables
# only): test_progs with clang-19 and test_progs-bpf_gcc with bpf-cc as
# BPF_GCC.  Both run on the running kernel, test by test, under the same
# deny list and time limit; report.py prints the comparison.  make
# check-test-progs runs it (doc/test-progs.md).
#
# Environment: TESTS="a b" runs only those tests; TIMEOUT seconds per test
# (default 120); JOBS make jobs (default 2); CLANG_RERUN=1 runs clang's
# tests again (they are kept, as clang's build is, between runs).
# CPU=v2: the -mcpu=v2 flavour (no alu32, where bpf-gcc 12's own code
# differs most): clang-19's side is the Makefile's own v2 runner,
# test_progs-no_alu32 (CLANG_NOALU32_BPF_BUILD_RULE, -mcpu=v2), bpf-cc's
# is test_progs-bpf_gcc with BPF_GCC="bpf-cc -mcpu=v2"; everything under
# BUILD/test-progs-v2 instead of BUILD/test-progs.  Unset: the Makefile's
# defaults (clang-19 -mcpu=v3, bpf-cc's default cpu, v3).
#
# Layout under BUILD/test-progs:
#   out/                  the Makefile's OUTPUT: test_progs (clang-19),
#                         out/bpf_gcc/ and test_progs-bpf_gcc (rebuilt every run)
#   build-clang19.log, build-bpf_gcc.log   make's output
#   removed.txt           progs files clang-19 cannot build: removed for both
#   gcc-missing.txt       progs files bpf-cc does not build (or bpftool
#                         cannot link) and the tests left out with them
#   results/{clang19,bpf_gcc}/TEST.log     each test's output and exit status
set -eu
BUILD=$(mkdir -p "$1" && cd "$1" && pwd); shift   # absolute: make -C changes directory
# Steps to do (default all): build-clang build-gcc run-clang run-gcc; the
# report is always printed.
STEPS=${*:-build-clang build-gcc run-clang run-gcc}
step() { case " $STEPS " in *" $1 "*) return 0 ;; esac; return 1; }
TOP=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$TOP/testsuite/test-progs
TIMEOUT=${TIMEOUT:-120}
JOBS=${JOBS:-2}
sh "$TOP/testsuite/selftests/prepare.sh" "$BUILD" test-progs
SEL=$BUILD/selftests/linux-source-6.12/tools/testing/selftests
CPU=${CPU:-}
case $CPU in
  "") T=$BUILD/test-progs CLANG_RUNNER=test_progs CLANG_SUB= GCC_CPU= ;;
  v2) T=$BUILD/test-progs-v2 CLANG_RUNNER=test_progs-no_alu32 CLANG_SUB=/no_alu32 GCC_CPU=" -mcpu=v2" ;;
  *) echo "test-progs: error: CPU=$CPU: only v2 (or unset, v3)" >&2; exit 2 ;;
esac
OUT=$T/out
mkdir -p "$OUT" "$T/results/clang19" "$T/results/bpf_gcc"

# The Makefile's variables.  bpf_testmod.ko and the other test modules
# need the running kernel's build tree, which is not here: they are left
# out of TRUNNER_EXTRA_FILES (the files copied next to the runners), so
# the runners link without them and the tests that load them fail for
# both.  feature-llvm=0: no LLVM disassembler in the runners (the few
# __jited checks are skipped for both), which keeps the link small.
# BPF_GCC only for bpf-gcc's runner: with it set, the Makefile builds every
# object a second time with it for any target (test_progs included).
# LINKED_SKELS: the skeletons bpftool links from several objects, less
# those one of whose sources was removed (their rule would stop make at
# "No rule to make target X.bpf.o").  The rest of those sources are then
# built and skeletoned alone, as every other progs file.
# (Function variables are local: build_runner's $log and $dir must survive
# the functions it calls.)
linked_skels() {
  local dir skel dep keep
  dir=$1
  sed -n '/^LINKED_SKELS :=/,/[^\\]$/p' "$dir/Makefile" | sed 's/LINKED_SKELS :=//; s/\\//g' \
    | tr -s ' \t' '\n\n' | grep . | while read -r skel; do
      keep=1
      for dep in $(sed -n "s/^$skel-deps := //p" "$dir/Makefile"); do
        [ -f "$dir/progs/${dep%.bpf.o}.c" ] || keep=
      done
      if [ -n "$keep" ]; then printf '%s ' "$skel"; fi
    done
}

tp_make() {
  local dir gcc_var vpath
  dir=$1; shift
  # BPF_GCC empty for clang's runner: the Makefile finds /usr/bin/bpf-gcc
  # by itself otherwise.
  case " $* " in *" test_progs-bpf_gcc "*) gcc_var="BPF_GCC=$BUILD/bin/bpf-cc$GCC_CPU" ;; *) gcc_var="BPF_GCC=" ;; esac
  # VPATH: the test objects are compiled in OUTPUT (`cd $(@D) && cc -I.'),
  # so their .d files name the skeletons relative to it (atomics.lskel.h);
  # make, run in the selftests directory, must look for them there, or the
  # second build stops at "No rule to make target".
  # A flavoured runner's test objects are compiled in its own directory
  # (no_alu32/, bpf_gcc/), next to its skeletons: that one first.
  case " $* " in
    *" test_progs-no_alu32 "*) vpath=$OUT/no_alu32:$OUT ;;
    *" test_progs-bpf_gcc "*) vpath=$OUT/bpf_gcc:$OUT ;;
    *) vpath=$OUT ;;
  esac
  nice -n 10 make -C "$dir" -j"$JOBS" -k OUTPUT="$OUT" VPATH="$vpath" \
    CLANG=clang-19 LLC=llc-19 LLVM_STRIP=llvm-strip-19 \
    VMLINUX_BTF=/sys/kernel/btf/vmlinux "$gcc_var" feature-llvm=0 \
    LINKED_SKELS="$(linked_skels "$dir")" \
    TRUNNER_EXTRA_FILES='$(OUTPUT)/urandom_read $(OUTPUT)/liburandom_read.so $(OUTPUT)/xdp_synproxy $(OUTPUT)/sign-file $(OUTPUT)/uprobe_multi ima_setup.sh verify_sig_setup.sh $(wildcard progs/btf_dump_test_case_*.c) $(wildcard progs/*.bpf.o)' \
    "$@"
}

# What keeps the runner in DIR (objects in ODIR) from linking after a
# build whose output is LOG, one line each:
#   obj N.c<TAB>why     progs/N.c has no object, or no skeleton a test includes
#   test T.c<TAB>why    prog_tests/T.c does not compile (against this
#                       compiler's skeletons)
# Every test object depends on every skeleton, so one missing object stops
# them all: the culprits are found here, not from which test objects exist.
blockers() {
  local dir odir log f n why k
  dir=$1 odir=$2 log=$3
  # The first error line before make's "*** [.../N.bpf.o] Error" (since the
  # previous "***" line): N<TAB>error.
  awk '/error/ && !first { first = $0 }
       /\*\*\* \[.*\.bpf\.o\]/ { o = $0; sub(/\.bpf\.o\].*/, "", o); sub(/.*\//, "", o);
                                 print o "\t" first; first = "" }' "$log" \
    | sed 's|\t.*/\([^/]*:[0-9]*:[0-9]*: \)|\t\1|' > "$log.errors"
  for f in "$dir"/progs/*.c; do
    n=$(basename "$f" .c)
    if [ ! -s "$odir/$n.bpf.o" ]; then
      why=$(grep -m1 "^$n	" "$log.errors" | cut -f2- || true)
      printf 'obj %s.c\t%s\n' "$n" "${why:-no object}"
      continue
    fi
    for k in skel lskel; do
      if [ ! -s "$odir/$n.$k.h" ] && grep -q -l "\"$n\.$k\.h\"" "$dir"/prog_tests/*.c 2>/dev/null; then
        printf 'obj %s.c\t%s\n' "$n" "bpftool gen skeleton fails on its object"
        break
      fi
    done
  done
  grep -o -E "\*\*\* \[[^]]*/[^/]*\.test\.o\]" "$log" | sed 's/.*\///; s/\.test\.o\]//' | sort -u \
    | while read -r t; do
        [ -f "$dir/prog_tests/$t.c" ] || continue
        why=$(grep -m1 -E "prog_tests/$t\.c:[0-9]+:[0-9]+: (fatal )?error" "$log" | sed 's/.*prog_tests\///' || true)
        printf 'test %s.c\t%s\n' "$t" "${why:-does not compile}"
      done
}

# Remove progs file N.c and the prog_tests files that include its
# skeleton from the copy DIR.  A test that opens the object by its file
# name at run time ("N.bpf.o": bpf_verif_scale.c opens 30 such) still
# builds: the subtests that open it fail, as they must, and the others
# run.
remove_progs() {
  local dir n
  dir=$1 n=$2
  rm -f "$dir/progs/$n.c"
  grep -l -E "\b$n\.(skel\.h|lskel\.h|subskel\.h)\b|\b${n}(_lskel)?__open" \
    "$dir"/prog_tests/*.c 2>/dev/null | while read -r t; do
      echo "  tests of prog_tests/$(basename "$t") left out (they need $n.c)"
      rm -f "$t"
    done
  rm -f "$dir/prog_tests/tests.h"
}

# Build one runner in its copy of the selftests directory, removing what
# does not build and the tests that need it, until it links (6 passes).
build_runner() {
  local dir target odir log list pass kind_f why kind f
  dir=$1 target=$2 odir=$3 log=$4 list=$5
  pass=1
  # An earlier run's runner would pass for this one's: make relinks it.
  rm -f "$OUT/$target"
  while :; do
    tp_make "$dir" "$target" > "$log.$pass" 2>&1 || true
    cat "$log.$pass" >> "$log"
    [ -x "$OUT/$target" ] && break
    blockers "$dir" "$odir" "$log.$pass" > "$log.blockers"
    if [ ! -s "$log.blockers" ] || [ $pass -ge 6 ]; then
      echo "test-progs: error: $target does not link (see $log)" >&2
      grep -E "error|\*\*\*" "$log.$pass" | head -n 20 >&2
      exit 1
    fi
    while IFS='	' read -r kind_f why; do
      kind=${kind_f%% *} f=${kind_f#* }
      echo "test-progs: $target: $f: $why"
      if [ "$kind" = obj ]; then
        printf '%s\t%s\n' "$f" "$why" >> "$list"
        remove_progs "$dir" "$(basename "$f" .c)" >> "$list"
      else
        printf '  tests of prog_tests/%s left out (it does not compile: %s)\n' "$f" "$why" >> "$list"
        rm -f "$dir/prog_tests/$f" "$dir/prog_tests/tests.h"
      fi
    done < "$log.blockers"
    pass=$((pass + 1))
  done
  rm -f "$log".[0-9] "$log.blockers" "$log.errors"
}

# clang-19's runner: a copy of the directory made once (times kept, so
# make's own dependencies cache the build); progs clang-19 cannot build
# are removed from it and, below, from bpf-gcc's copy alike.
CDIR=$SEL/bpf-clang19${CPU:+-$CPU}
if step build-clang; then
  if [ ! -d "$CDIR" ]; then
    cp -a "$SEL/bpf" "$CDIR"
    rm -f "$CDIR/prog_tests/tests.h" "$T/removed.txt"
  fi
  touch "$T/removed.txt"
  echo "test-progs: building $CLANG_RUNNER with clang-19 (log: $T/build-clang19.log)"
  : > "$T/build-clang19.log"
  build_runner "$CDIR" $CLANG_RUNNER "$OUT$CLANG_SUB" "$T/build-clang19.log" "$T/removed.txt"
fi

# bpf-gcc's runner: a fresh copy, less what clang-19 could not build,
# whenever bpfsupport changed since its objects were built (the stamp).
GDIR=$SEL/bpf-gcc${CPU:+-$CPU}
STAMP=$OUT/bpf_gcc/.bpfsupport-stamp
if step build-gcc; then
  fresh=
  for f in "$BUILD/bpfsupport.so" "$BUILD/bin/bpf-cc" "$BUILD/libexec/bpfsupport/as"; do
    [ -f "$STAMP" ] && [ "$STAMP" -nt "$f" ] || fresh=1
  done
  [ -d "$GDIR" ] || fresh=1
  if [ -n "$fresh" ]; then
    rm -rf "$GDIR" "$OUT/bpf_gcc" "$OUT/test_progs-bpf_gcc"
    cp -a "$SEL/bpf" "$GDIR"
    rm -f "$GDIR/prog_tests/tests.h"
    mkdir -p "$OUT/bpf_gcc"
    touch "$STAMP"
    : > "$T/gcc-missing.txt"
  fi
  touch "$T/removed.txt" "$T/gcc-missing.txt"
  cut -f1 "$T/removed.txt" | grep '\.c$' | while read -r f; do
    [ -f "$GDIR/progs/$f" ] && remove_progs "$GDIR" "$(basename "$f" .c)" > /dev/null
  done
  echo "test-progs: building test_progs-bpf_gcc with $BUILD/bin/bpf-cc (log: $T/build-bpf_gcc.log)"
  : > "$T/build-bpf_gcc.log"
  build_runner "$GDIR" test_progs-bpf_gcc "$OUT/bpf_gcc" "$T/build-bpf_gcc.log" "$T/gcc-missing.txt"
fi

# The deny list: the tree's DENYLIST (the kernel CI's, for every
# architecture) and ours (why, line by line, in the file).
cat "$SEL/bpf/DENYLIST" "$HERE/DENYLIST" | sed 's/#.*//; s/[[:space:]]*$//' | grep -v '^$' \
  | awk '{print $1}' | sort -u > "$T/denylist"

# Every test runs alone, under TIMEOUT, in a network namespace of its own
# (lo up; nothing reaches the host's interfaces) and a private mount
# namespace with tracefs and debugfs mounted, as the kernel CI's VM has.
run_tests() {
  local runner res rerun t rc
  runner=$1 res=$2 rerun=$3
  # From OUT, as the tests run: a flavoured runner (test_progs-bpf_gcc)
  # changes into its objects' directory (bpf_gcc/) first, and exits when
  # that fails.
  (cd "$OUT" && "./$runner" -l -d "@$T/denylist") 2>/dev/null | grep -v '/' > "$res.list" || true
  if [ ! -s "$res.list" ]; then
    echo "test-progs: error: $runner lists no tests (run from $OUT)" >&2
    exit 1
  fi
  if [ -n "${TESTS:-}" ]; then
    for t in $TESTS; do echo "$t"; done | grep -x -F -f "$res.list" > "$res.list.sel" || true
    mv "$res.list.sel" "$res.list"
  fi
  echo "test-progs: running $(wc -l < "$res.list") tests of $runner (deny list: $T/denylist)"
  while read -r t; do
    if [ -z "$rerun" ] && [ -s "$res/$t.log" ] && [ "$res/$t.log" -nt "$OUT/$runner" ]; then
      continue
    fi
    rc=0
    (cd "$OUT" && timeout -k 10 "$TIMEOUT" unshare -n -m --propagation private sh -c '
        ip link set lo up
        mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
        mount -t debugfs nodev /sys/kernel/debug 2>/dev/null
        exec "$@"' sh "./$runner" -a "$t" -d "@$T/denylist") > "$res/$t.log.tmp" 2>&1 || rc=$?
    echo "test-progs: exit status $rc" >> "$res/$t.log.tmp"
    mv "$res/$t.log.tmp" "$res/$t.log"
  done < "$res.list"
}
step run-clang && run_tests $CLANG_RUNNER "$T/results/clang19" "${CLANG_RERUN:-}"
step run-gcc && run_tests test_progs-bpf_gcc "$T/results/bpf_gcc" 1
CLANG_RUNNER=$CLANG_RUNNER python3 "$HERE/report.py" "$T" "$SEL/bpf"
