#!/bin/bash
# btf-time.sh BUILD: what BTF generation adds to bpf-gcc -O2 compile time.
# Compiles the largest test programs (those including vmlinux.h) with the
# plugin, with -g (BTF and .BTF.ext) and without (no debug info), several
# times each, and prints the user+sys CPU time of both and their ratio.
# The issue's bar: BTF adds less than 10%.
set -eu
build=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
reps=${REPS:-5}
inc="-I/usr/include -idirafter /usr/include/$(gcc -print-multiarch) -I$build/include"
progs=$(grep -l 'vmlinux.h' "$top"/testsuite/bpfsupport.btf/progs/*.bpf.c "$top"/testsuite/bpfsupport.core/*.bpf.c)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

build_all() {   # build_all FLAGS...: REPS builds of every program
  local i=0 p flags
  while [ $i -lt "$reps" ]; do
    for p in $progs; do
      flags=$(sed -n 's/.*bpfs-flags:[[:space:]]*\([^*]*\)\*\/.*/\1/p' "$p" | head -1)
      # shellcheck disable=SC2086
      bpf-gcc -O2 -w -fplugin="$build/bpfsupport.so" $inc $flags "$@" -c "$p" -o "$tmp/x.o"
    done
    i=$((i + 1))
  done
}

cpu_time() {   # CPU seconds (user + sys) of build_all FLAGS...
  local TIMEFORMAT='%U %S'
  { time build_all "$@" >/dev/null 2>&1; } 2>&1 | awk '{ print $1 + $2 }'
}

n=$(echo "$progs" | wc -w)
# Without BTF: no -g, and btf=off so that CO-RE programs still build.
plain=$(cpu_time -fplugin-arg-bpfsupport-btf=off)
btf=$(cpu_time -g)
awk -v p="$plain" -v b="$btf" -v hz=1 -v n="$n" -v r="$reps" 'BEGIN {
  printf "BTF compile time: %d vmlinux.h programs x %d builds, bpf-gcc -O2 + plugin\n", n, r
  printf "  without -g: %.2f s CPU\n  with -g (BTF + .BTF.ext): %.2f s CPU\n", p / hz, b / hz
  printf "  BTF adds %.1f%% (goal: under 10%%)\n", (b - p) * 100.0 / p
}'
