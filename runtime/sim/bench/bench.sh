#!/bin/sh
# bench.sh - bpf-run's benchmark (make -C runtime bench-run).
# Builds the workloads of kernels.h as BPF (clang) and natively (gcc -O2),
# runs them in bpf-run, natively and, where the kernel allows, with
# BPF_PROG_TEST_RUN (bpf-kload), and prints per workload: millions of BPF
# instructions per second, best time per run, and the ratio to native.
set -e
BIN=${BIN:?}
OUT=${OUT:?}
SRC=$(dirname "$0")
REPS=${BENCH_REPS:-20}
CLANG=${CLANG:-clang}
mkdir -p "$OUT"
$CLANG -target bpf -O2 -g -c -I/usr/include -idirafter /usr/include/x86_64-linux-gnu \
  -I"$SRC" "$SRC/bench.bpf.c" -o "$OUT/bench.bpf.o"
${HOSTCC:-gcc} -O2 -I"$SRC" "$SRC/bench-native.c" -o "$OUT/bench-native"
KLOAD=
if [ -x "$BIN/bpf-kload" ]; then KLOAD="$BIN/bpf-kload"; fi
"$OUT/bench-native" "$REPS" > "$OUT/native.txt"
printf '%-14s %12s %10s %12s %12s %8s %12s\n' workload insns/run Minsns/s bpf-run-ns native-ns ratio kernel-ns
for p in bench_int bench_hash bench_branch bench_copy; do
  st=$("$BIN/bpf-run" --stats --repeat "$REPS" --prog $p "$OUT/bench.bpf.o" 2>&1 >/dev/null | grep 'stats:')
  runs=$(echo "$st" | sed 's/.*runs \([0-9]*\).*/\1/')
  insns=$(echo "$st" | sed 's/.*insns \([0-9]*\).*/\1/')
  min=$(echo "$st" | sed 's/.*min_ns \([0-9]*\).*/\1/')
  nat=$(grep "^$p " "$OUT/native.txt" | cut -d' ' -f3)
  kns=-
  if [ -n "$KLOAD" ]; then
    kns=$("$KLOAD" --json --alone --repeat "$REPS" --prog $p "$OUT/bench.bpf.o" 2>/dev/null \
          | sed -n 's/.*"run_ns":\([0-9]*\).*/\1/p')
    [ -n "$kns" ] || kns=refused
  fi
  awk -v p=$p -v i="$insns" -v r="$runs" -v m="$min" -v n="$nat" -v k="$kns" 'BEGIN {
    ipr = i / r; printf "%-14s %12d %10.1f %12d %12d %7.1fx %12s\n", p, ipr, ipr / m * 1000, m, n, m / n, k }'
done
