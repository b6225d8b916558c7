#!/bin/sh
# compile-one.sh COMPILER FILE [FLAG...]: build one selftests program with
# COMPILER (clang: clang 14, Debian's default; clang19: clang-19; gcc:
# bpf-gcc + plugin), FLAGs after the common ones, then load each of its
# programs on its own.  Results go to
# $OUT/COMPILER/NAME.{o,log,status,load}; corpus.sh runs this in parallel
# and sets the environment (SRC, INC, OUT, PLUGIN, LIBEXEC, BIN).
#   .status: "ok", "fail" (compile error), "timeout" (over $TIMEOUT s)
#   .load:   bpfs-corpus-load's lines ("prog NAME SEC ok|fail ...",
#            "open-fail ..."), or "unsupported" when the kernel refuses BPF
set -u
cc=$1 f=$2
shift 2
name=$(basename "$f" .c)
o=$OUT/$cc/$name
SELF=$SRC/tools/testing/selftests/bpf
MULTI=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
# What the selftests Makefile passes (BPF_CFLAGS), less -Werror: the two
# compilers warn about different things, and warnings are not the question.
common="-g -Wall -D__TARGET_ARCH_x86 -mlittle-endian -I$INC -I$SELF -I$SRC/tools/include/uapi \
 -idirafter /usr/include -idirafter /usr/include/$MULTI -DENABLE_ATOMICS_TESTS"
case $cc in
  clang) cmd="${CLANG:-clang} $common -Wno-compare-distinct-pointer-types -O2 --target=bpf -mcpu=v3 $*" ;;
  clang19) cmd="${CLANG19:-clang-19} $common -Wno-compare-distinct-pointer-types -O2 --target=bpf -mcpu=v3 $*" ;;
  gcc)   cmd="${BPF_GCC:-bpf-gcc} $common -O2 -fplugin=$PLUGIN -B $LIBEXEC/ ${GCC_EXTRA:-} $*" ;;
  *) echo "compile-one: error: unknown compiler $cc" >&2; exit 2 ;;
esac
rm -f "$o.o" "$o.load"
if timeout "${TIMEOUT:-300}" $cmd -c "$f" -o "$o.o" > "$o.log" 2>&1; then
  echo ok > "$o.status"
else
  rc=$?
  [ $rc = 124 ] && echo timeout > "$o.status" || echo fail > "$o.status"
  rm -f "$o.o"
  exit 0
fi
[ -n "${NOLOAD:-}" ] && exit 0   # naked.sh: compile only
timeout 600 "$BIN/bpfs-corpus-load" "$o.o" > "$o.load" 2>/dev/null
[ $? = 77 ] && echo unsupported > "$o.load"
exit 0
