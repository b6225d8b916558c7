#!/bin/sh
# run.sh BUILD [VARIANT...]: cilium/ebpf's own Go tests, whose BPF objects
# are built by clang-19 (the reference) and by bpf-cc (make check-projects;
# doc/testing.md, "Projects' own tests").
#
# cilium/ebpf is the Go BPF library (bpf2go's home).  Debian packages
# version 0.9.1 with its tests and the C sources of its test objects
# (golang-github-cilium-ebpf-dev: testdata/*.c, btf/testdata/*.c), but not
# the top-level Makefile that builds them; each is built here as that
# Makefile does (-O2 -g -Wall -Werror -target bpfel, then llvm-strip -g).
# Little-endian only: upstream also builds each big-endian (bpfeb), which
# bpf-asm does not write (doc/bpf-asm.md); the tests glob whatever
# objects there are, so both variants run the same tests.  The tests parse the objects
# (maps, programs, BTF, relocations), load them and run them: the CO-RE
# tests (btf) run each program of relocs.c and relocs_read.c, which return
# 0 only when every relocated value is what the program expects.  bpf2go's
# tests call `clang-9', `llvm-strip' and `llvm-strip-9' from PATH: they
# are given, as the compiler under test and llvm-strip-19.
#
# Each VARIANT (default: clang-19 bpf-cc) gets its own tree under
# BUILD/projects/cilium-ebpf/VARIANT; results are one line per test,
# `PASS|FAIL|SKIP NAME', in VARIANT/results, and compare.py prints the
# table.
set -e
build=$(cd "$1" && pwd)
shift
variants=${*:-clang-19 bpf-cc}
here=$(cd "$(dirname "$0")" && pwd)
src=/usr/share/gocode/src/github.com/cilium/ebpf
top=$build/projects/cilium-ebpf
[ -d "$src" ] || { echo "cilium-ebpf: $src missing (apt-get install golang-github-cilium-ebpf-dev)"; exit 1; }

for v in $variants; do
  case $v in
    clang-19) cc=$(command -v clang-19); extra="-I/usr/include/$(gcc -print-multiarch)" ;;
    bpf-cc) cc=$build/bin/bpf-cc; extra= ;;
    *) echo "cilium-ebpf: unknown variant $v"; exit 1 ;;
  esac
  d=$top/$v
  rm -rf "$d"
  mkdir -p "$d/gopath/src/github.com/cilium" "$d/bin"
  cp -r "$src" "$d/gopath/src/github.com/cilium/ebpf"
  chmod -R u+w "$d/gopath"
  pkg=$d/gopath/src/github.com/cilium/ebpf
  ln -s "$cc" "$d/bin/clang-9"
  ln -s "$(command -v llvm-strip-19)" "$d/bin/llvm-strip"
  ln -s "$(command -v llvm-strip-19)" "$d/bin/llvm-strip-9"
  rm -f "$pkg"/testdata/*.elf "$pkg"/btf/testdata/*.elf
  : > "$d/objects"
  for c in "$pkg"/testdata/*.c "$pkg"/btf/testdata/*.c; do
    for e in el; do
      o=${c%.c}-$e.elf
      if "$cc" -O2 -g -Wall -Werror $extra -target bpf$e -c "$c" -o "$o" 2> "$o.log" \
         && llvm-strip-19 -g "$o"; then
        echo "built ${c#$pkg/} $e" >> "$d/objects"
      else
        echo "failed ${c#$pkg/} $e: $(grep -m1 error "$o.log")" >> "$d/objects"
      fi
    done
  done
  : > "$d/results"
  for p in . btf cmd/bpf2go; do
    name=$(echo "$p" | tr ./ _-)
    (cd "$pkg/$p" && GO111MODULE=off GOPATH="$d/gopath:/usr/share/gocode" \
       GOCACHE="$top/gocache" go test -c -o "$d/$name.test" . ) > "$d/$name.build.log" 2>&1 \
      || { echo "FAIL build-of-tests-$name" >> "$d/results"; continue; }
    (cd "$pkg/$p" && PATH="$d/bin:$PATH" timeout 900 "$d/$name.test" -test.v -test.count=1 \
       -test.timeout 800s > "$d/$name.log" 2>&1) || true
    sed -n 's/^ *--- \(PASS\|FAIL\|SKIP\): \([^ ]*\).*/\1 '"$name"':\2/p' "$d/$name.log" >> "$d/results"
  done
  echo "cilium-ebpf $v: $(grep -c '^built' "$d/objects") objects built, $(grep -c '^failed' "$d/objects") failed; tests: $(grep -c '^PASS' "$d/results") passed, $(grep -c '^FAIL' "$d/results") failed, $(grep -c '^SKIP' "$d/results") skipped"
done
python3 "$here/compare.py" "$top" $variants
