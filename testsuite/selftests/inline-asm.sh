#!/bin/sh
# inline-asm.sh BUILD: make check-inline-asm.  Every selftests progs file
# that writes inline asm is compiled to assembly by bpf-gcc + plugin (the
# flags of compile-one.sh) and assembled by bpf-asm with --app-stats, and
# compiled by clang; inline-asm.py then compares, block by block, the
# statements in the text GCC wrote between #APP and #NO_APP with the
# statements bpf-asm assembled there, and lists the files that fail.
#
# Environment: FILES="a.c b.c" limits the run; JOBS (default 2); BPF_ASM
# the assembler to measure (default BUILD/bin/bpf-asm).
# Results: BUILD/selftests/inline-asm/{gcc,clang}/NAME.*
set -eu
BUILD=$1
TOP=$(cd "$(dirname "$0")/../.." && pwd)
sh "$TOP/testsuite/selftests/prepare.sh" "$BUILD"
SRC=$BUILD/selftests/linux-source-6.12
INC=$BUILD/selftests/include
PROGS=$SRC/tools/testing/selftests/bpf/progs
OUT=$BUILD/selftests/inline-asm
mkdir -p "$OUT/gcc" "$OUT/clang"
list=$OUT/files
if [ -n "${FILES:-}" ]; then
  for f in $FILES; do echo "$PROGS/$(basename "$f" .c).c"; done > "$list"
else
  # The files that write inline asm (asm, asm volatile, __asm__, asm
  # goto), or use a header macro made of inline asm with statements in it
  # (bpf_experimental.h, bpf_helpers.h, err.h).  Blocks without statements
  # (barrier(), barrier_var()) do not matter.
  grep -lE '(^|[^A-Za-z0-9_])(asm|__asm__)[[:space:]]*(volatile|__volatile__)?[[:space:]]*(goto)?[[:space:]]*\(|bpf_tail_call_static|can_loop|cond_break|bpf_cmp_likely|bpf_cmp_unlikely|bpf_assert|set_if_not_errno_or_zero|bpf_nop_mov|bpf_addr_space_cast|cast_kern|cast_user' \
    "$PROGS"/*.c > "$list"
fi
BPF_ASM=${BPF_ASM:-$BUILD/bin/bpf-asm}
export SRC INC OUT BUILD BPF_ASM
cat > "$OUT/one.sh" <<'ONE'
#!/bin/sh
# one.sh FILE: one file with both compilers.
set -u
f=$1 n=$(basename "$1" .c)
SELF=$SRC/tools/testing/selftests/bpf
MULTI=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
common="-g -Wall -D__TARGET_ARCH_x86 -mlittle-endian -I$INC -I$SELF -I$SRC/tools/include/uapi \
 -idirafter /usr/include -idirafter /usr/include/$MULTI -DENABLE_ATOMICS_TESTS"
g=$OUT/gcc/$n
rm -f "$g.s" "$g.o" "$g.stats"
if ! timeout 300 bpf-gcc $common -O2 -fplugin="$BUILD/bpfsupport.so" -B "$BUILD/libexec/bpfsupport/" \
     -S "$f" -o "$g.s" > "$g.cc1.log" 2>&1; then
  echo cc1-fail > "$g.status"
elif timeout 300 "$BPF_ASM" --app-stats="$g.stats" "$g.s" -o "$g.o" > "$g.asm.log" 2>&1; then
  echo ok > "$g.status"
else
  echo asm-fail > "$g.status"
fi
k=$OUT/clang/$n
if [ ! -f "$k.status" ]; then
  if timeout 300 clang $common -Wno-compare-distinct-pointer-types -O2 --target=bpf -mcpu=v3 \
       -c "$f" -o "$k.o" > "$k.log" 2>&1; then
    echo ok > "$k.status"
  else
    echo fail > "$k.status"
  fi
fi
exit 0
ONE
echo "inline-asm: $(wc -l < "$list") files on ${JOBS:-2} jobs"
xargs -P "${JOBS:-2}" -n 1 sh "$OUT/one.sh" < "$list"
python3 "$TOP/testsuite/selftests/inline-asm.py" "$OUT" "$list"
