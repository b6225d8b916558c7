#!/bin/sh
# naked.sh BUILD: for every __naked function in the kernel's BPF selftests
# progs (linux-source-6.12) that both compilers build, compare the
# function's bytes in clang's object and in bpf-gcc + bpfsupport's,
# relocations aside (naked-compare.py).  make check-naked runs it; it is not
# part of make check.  Environment: FILES="a.c b.c" limits the files; JOBS
# (default 2).  clang's objects are shared with check-selftests
# (BUILD/selftests/out/clang) when they exist; gcc's are rebuilt in
# BUILD/selftests/naked/gcc, compiled only (not loaded).
set -eu
BUILD=$1
TOP=$(cd "$(dirname "$0")/../.." && pwd)
sh "$TOP/testsuite/selftests/prepare.sh" "$BUILD"
export SRC=$BUILD/selftests/linux-source-6.12 INC=$BUILD/selftests/include \
       OUT=$BUILD/selftests/naked PLUGIN=$BUILD/bpfsupport.so \
       LIBEXEC=$BUILD/libexec/bpfsupport BIN=$BUILD/bin NOLOAD=1
PROGS=$SRC/tools/testing/selftests/bpf/progs
list=$OUT/files
mkdir -p "$OUT/gcc" "$OUT/clang"
if [ -n "${FILES:-}" ]; then
  for f in $FILES; do echo "$PROGS/$(basename "$f" .c).c"; done
else
  grep -l -E '__naked|__attribute__ *\(\( *naked' "$PROGS"/*.c
fi > "$list"
jobs=$OUT/jobs
: > "$jobs"
while read -r f; do
  n=$(basename "$f" .c)
  echo "gcc $f" >> "$jobs"
  [ -f "$BUILD/selftests/out/clang/$n.o" ] || [ -f "$OUT/clang/$n.o" ] || echo "clang $f" >> "$jobs"
done < "$list"
echo "naked: $(wc -l < "$jobs") builds on ${JOBS:-2} jobs ($(wc -l < "$list") files)"
xargs -P "${JOBS:-2}" -L 1 sh "$TOP/testsuite/selftests/compile-one.sh" < "$jobs"
# clang objects: the shared ones where they exist
for f in $(cat "$list"); do
  n=$(basename "$f" .c)
  [ -f "$BUILD/selftests/out/clang/$n.o" ] && ln -sf "$BUILD/selftests/out/clang/$n.o" "$OUT/clang/$n.o"
done
python3 "$TOP/testsuite/selftests/naked-compare.py" "$OUT/clang" "$OUT/gcc" $(cat "$list") \
  | tee "$OUT/report.txt" | tail -1
echo "naked: per-function differences in $OUT/report.txt"
