#!/bin/sh
# corpus.sh BUILD [COMPILER...]: build the kernel's BPF selftests programs
# (tools/testing/selftests/bpf/progs of linux-source-6.12) with clang 14,
# clang-19 and bpf-gcc + bpfsupport, load every program on its own, and print the
# comparison (report.py), then the CO-RE records of both builds compared
# (core-records.py).  make check-selftests runs it.
#
# Environment: FILES="a.c b.c" limits the run to those progs files (names
# or paths); JOBS (default 2) parallel jobs; TIMEOUT seconds per compile
# (default 300).  clang's and clang-19's results are kept between runs
# (clang does not change); gcc's are rebuilt every run.  CLANG_REBUILD=1
# rebuilds clang's and clang-19's.
set -eu
BUILD=$1; shift
TOP=$(cd "$(dirname "$0")/../.." && pwd)
compilers=${*:-clang clang19 gcc}
sh "$TOP/testsuite/selftests/prepare.sh" "$BUILD"
export SRC=$BUILD/selftests/linux-source-6.12 INC=$BUILD/selftests/include \
       OUT=$BUILD/selftests/out PLUGIN=$BUILD/bpfsupport.so \
       LIBEXEC=$BUILD/libexec/bpfsupport BIN=$BUILD/bin
PROGS=$SRC/tools/testing/selftests/bpf/progs
list=$BUILD/selftests/files
if [ -n "${FILES:-}" ]; then
  for f in $FILES; do echo "$PROGS/$(basename "$f" .c).c"; done > "$list"
else
  ls "$PROGS"/*.c > "$list"
fi
jobs=$BUILD/selftests/jobs
: > "$jobs"
for cc in $compilers; do
  mkdir -p "$OUT/$cc"
  while read -r f; do
    n=$(basename "$f" .c)
    if [ "$cc" != gcc ] && [ -z "${CLANG_REBUILD:-}" ] && [ -f "$OUT/$cc/$n.status" ] \
       && { [ "$(cat "$OUT/$cc/$n.status")" != ok ] || [ -f "$OUT/$cc/$n.load" ]; }; then
      continue
    fi
    echo "$cc $f" >> "$jobs"
  done < "$list"
done
echo "selftests: $(wc -l < "$jobs") builds on ${JOBS:-2} jobs ($(wc -l < "$list") files)"
xargs -P "${JOBS:-2}" -L 1 sh "$TOP/testsuite/selftests/compile-one.sh" < "$jobs"
python3 "$TOP/testsuite/selftests/report.py" "$OUT" "$list"
python3 "$TOP/testsuite/selftests/core-records.py" "$OUT" "$list"
