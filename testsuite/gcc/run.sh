#!/bin/sh
# run.sh OUTDIR: GCC's own C testsuite through DejaGnu on the bpf-sim board
# (execute tests: compiled by bpf-gcc, linked with bpf-libc, run on
# bpf-run) and the bpf-compile board (compile-only tests), each in two
# configurations: `gcc' (bpf-gcc alone) and `plugin' (bpf-gcc with
# bpfsupport.so).  The .exp runs are split into jobs, two at a time.
# Prints a table per directory and configuration, the tests whose result
# differs between the configurations, and `N passed, N failed'.
#
# Environment (testsuite/gcc/gcc.mk sets it): GCC_TESTSUITE BPF_GCC PLUGIN
# BPF_LIBC BPF_RUN BOARDS; JOBS (default 2); PARTS (default all);
# CONFIGS (default "gcc plugin"); EXEC_OPTIONS, the optimisation levels of
# the execute tests as a Tcl list of option sets (default "{-O2}", e.g.
# "{-O0} {-O1} {-O2} {-O3} {-Os}").
# KEEP_OBJECTS (a directory): the plugin configuration's compile-only
# parts of gcc.c-torture/compile assemble with bpf-asm, as bpf-cc does
# (-B$PLUGIN_ASM_DIR, default bpf-gcc's own bpf-as when unset), and keep
# every object under KEEP_OBJECTS/<-O level>/ (keep-objects.sh).
#   passed = PASS + XFAIL; failed = FAIL + XPASS + UNRESOLVED + ERROR;
#   UNSUPPORTED is counted apart.
set -u
out=$(mkdir -p "$1" && cd "$1" && pwd)   # absolute: the jobs cd into their own directories
jobs=${JOBS:-2}
configs=${CONFIGS:-gcc plugin}
parts=${PARTS:-exec-a exec-b ieee builtins bpf bpf-core btf compile-a compile-b}
exec_options=${EXEC_OPTIONS:-{-O2\}}

# The plugin configuration for linked programs: calls to libc functions are
# calls to extern functions, which the plugin's call check refuses.
# -fno-builtin-abort (both configurations, testsuite/boards/bpf-sim.exp):
# the plugin turns calls to the abort builtin into `return 0' (its trap
# lowering, doc/lowering.md), which would make every failing test pass.
plugin_flags="-fplugin=$PLUGIN -fplugin-arg-bpfsupport-allow-extern-calls"

# part -> board, torture options, runtest arguments
part_args() {
  case $1 in
    exec-a)    echo "bpf-sim|$exec_options|execute.exp=[0-9]*.c" ;;
    exec-b)    # the rest, by name (a [a-z]* pattern does not narrow runtest)
               echo "bpf-sim|$exec_options|execute.exp=$(cd "$GCC_TESTSUITE/gcc.c-torture/execute" && ls [!0-9]*.[cS] | tr '\n' ' ')" ;;
    ieee)      echo "bpf-sim|$exec_options|ieee.exp" ;;
    builtins)  echo "bpf-sim|$exec_options|builtins.exp" ;;
    bpf)       # gcc.target/bpf except the CO-RE tests (bpf-core)
               echo "bpf-compile||bpf.exp=$(cd "$GCC_TESTSUITE/gcc.target/bpf" && ls *.[cS] | grep -v '^core-' | tr '\n' ' ')" ;;
    bpf-core)  echo "bpf-compile||bpf.exp=core-*.c" ;;
    btf)       echo "bpf-compile||btf.exp" ;;
    compile-a) echo "bpf-compile|{-O0 -g} {-O2 -g}|compile.exp=[0-9]*.c" ;;
    compile-b) echo "bpf-compile|{-O0 -g} {-O2 -g}|compile.exp=[a-z]*.c" ;;
  esac
}

mkdir -p "$out/bin"
# Private copies of the simulator and the plugin: colleagues rebuild
# build/ while a run takes minutes (a half-written bpf-run fails a test
# with `Permission denied').
cp "$BPF_RUN" "$out/bin/bpf-run.new" && mv -f "$out/bin/bpf-run.new" "$out/bin/bpf-run"
cp "$PLUGIN" "$out/bin/bpfsupport.so.new" && mv -f "$out/bin/bpfsupport.so.new" "$out/bin/bpfsupport.so"
BPF_RUN=$out/bin/bpf-run
PLUGIN=$out/bin/bpfsupport.so
plugin_flags="-fplugin=$PLUGIN -fplugin-arg-bpfsupport-allow-extern-calls"
if [ -n "${KEEP_OBJECTS:-}" ]; then
  KEEP_OBJECTS=$(mkdir -p "$KEEP_OBJECTS" && cd "$KEEP_OBJECTS" && pwd)
  rm -rf "${KEEP_OBJECTS:?}"/*
  KEEP_CC=$BPF_GCC
  export KEEP_OBJECTS KEEP_CC
fi
list=
for c in $configs; do
  for p in $parts; do
    d=$out/$c/$p
    rm -rf "$d"; mkdir -p "$d/tmp"
    IFS='|' read -r board topts targ <<EOF2
$(part_args $p)
EOF2
    flags=""
    if [ "$c" = plugin ]; then
      flags=$plugin_flags
      # gcc.dg/debug/btf checks GCC's own BTF, and gcc.target/bpf/core-*
      # GCC's own CO-RE records, which the plugin replaces by default: keep
      # GCC's BTF (and with it GCC's CO-RE) there (doc/gcc-testsuite.md).
      case $p in btf|bpf-core) flags="$flags -fplugin-arg-bpfsupport-btf=off" ;; esac
    fi
    cc=$BPF_GCC
    case $c/$p in
      plugin/compile-*)
        [ -n "${PLUGIN_ASM_DIR:-}" ] && flags="$flags -B$PLUGIN_ASM_DIR/"
        [ -n "${KEEP_OBJECTS:-}" ] && cc=$(cd "$(dirname "$0")" && pwd)/keep-objects.sh ;;
    esac
    {
      echo "set tool gcc"
      echo "set srcdir $GCC_TESTSUITE"
      echo "set testsuitedir $GCC_TESTSUITE"
      echo "set objdir $d"
      echo "set tmpdir $d/tmp"
      echo "set rootme $d"
      echo "set GCC_UNDER_TEST $cc"
      echo "set target_triplet bpf-unknown-none"
      echo "set target_alias bpf"
      echo "set host_triplet x86_64-pc-linux-gnu"
      echo "set build_triplet x86_64-pc-linux-gnu"
      [ -n "$topts" ] && echo "set TORTURE_OPTIONS [list $topts]"
      echo "lappend boards_dir $BOARDS"
      echo "set BPF_LIBC $BPF_LIBC"
      echo "set BPF_RUN $BPF_RUN"
      echo "set BPF_SIM_CFLAGS {$flags}"
    } > "$d/site.exp"
    printf '%s\n%s\n' "$board" "$targ" > "$d/args"
    list="$list $c/$p"
  done
done

printf '%s\n' $list | xargs -P "$jobs" -I{} sh -c '
  d=$1/$2; board=$(sed -n 1p "$d/args"); targ=$(sed -n 2p "$d/args")
  cd "$d" && runtest --tool gcc --srcdir "$GCC_TESTSUITE" --target_board="$board" "$targ" > runtest.out 2>&1
  echo "ran $2"' sh "$out" {}

# Results per directory (a test's directory from its name in the .sum), of
# every part run so far: a rerun of some parts keeps the others' results.
summary=$out/summary.txt
: > "$out/all.txt"
configs=$(cd "$out" && for c in gcc plugin; do [ -d "$c" ] && echo $c; done)
for c in $configs; do
  for p in $(cd "$out/$c" && ls -d */ 2>/dev/null | tr -d /); do
    f=$out/$c/$p/gcc.sum
    [ -f "$f" ] || { echo "ERROR: $c/$p: no gcc.sum (see $out/$c/$p/runtest.out)" >> "$out/all.txt"; continue; }
    grep -E '^(PASS|FAIL|XPASS|XFAIL|UNRESOLVED|UNSUPPORTED|UNTESTED|ERROR):' "$f" |
      sed "s|^|$c |" >> "$out/all.txt"
    grep -E '^ERROR:' "$out/$c/$p/runtest.out" | sed "s|^|$c |" >> "$out/all.txt"
  done
done
awk '
  function dir(t) {
    if (t ~ /execute\/ieee\//) return "execute/ieee";
    if (t ~ /execute\/builtins\//) return "execute/builtins";
    if (t ~ /c-torture\/execute\//) return "execute";
    if (t ~ /c-torture\/compile\//) return "compile";
    if (t ~ /gcc.target\/bpf\//) return "gcc.target/bpf";
    if (t ~ /debug\/btf\//) return "gcc.dg/debug/btf";
    return "other";
  }
  /^[a-z]+ ERROR:/ { err[$1]++; next }
  { c = $1; r = $2; sub(/:$/, "", r); d = dir($3); key = d SUBSEP c
    n[key, r]++; dirs[d] = 1; cfgs[c] = 1 }
  END {
    printf "%-18s %-7s %6s %6s %6s %6s %6s %6s\n", "directory", "config", "PASS", "FAIL", "UNRES", "UNSUP", "XFAIL", "other"
    split("execute execute/ieee execute/builtins compile gcc.target/bpf gcc.dg/debug/btf other", order, " ")
    for (i = 1; i <= 7; i++) { d = order[i]; if (!(d in dirs)) continue
      for (c in cfgs) { k = d SUBSEP c
        printf "%-18s %-7s %6d %6d %6d %6d %6d %6d\n", d, c, n[k,"PASS"], n[k,"FAIL"], n[k,"UNRESOLVED"], n[k,"UNSUPPORTED"]+n[k,"UNTESTED"], n[k,"XFAIL"], n[k,"XPASS"]+n[k,"ERROR"]
        passed += n[k,"PASS"] + n[k,"XFAIL"]
        failed += n[k,"FAIL"] + n[k,"XPASS"] + n[k,"UNRESOLVED"] + n[k,"ERROR"] } }
    for (c in err) failed += err[c]
    printf "%d passed, %d failed\n", passed, failed > "/dev/stderr"
  }' "$out/all.txt" > "$summary" 2> "$out/closing.txt"
cat "$summary"

# Differences between the configurations, test by test.
if [ "$(echo $configs | wc -w)" = 2 ]; then
  set -- $configs
  grep "^$1 " "$out/all.txt" | cut -d' ' -f2- | sort > "$out/$1.res"
  grep "^$2 " "$out/all.txt" | cut -d' ' -f2- | sort > "$out/$2.res"
  diff "$out/$1.res" "$out/$2.res" > "$out/diff.txt"
  if [ -s "$out/diff.txt" ]; then
    echo "results that differ ($1 <, $2 >):"
    grep '^[<>]' "$out/diff.txt" | sed 's/^/  /'
  else
    echo "results identical in both configurations"
  fi
fi
cat "$out/closing.txt"
! grep -q '^[0-9]* passed, 0 failed' "$out/closing.txt" && exit 1
exit 0
