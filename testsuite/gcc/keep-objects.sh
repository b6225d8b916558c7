#!/bin/sh
# keep-objects.sh ARGS...: the compiler of the plugin configuration's
# compile-only parts (testsuite/gcc/run.sh with KEEP_OBJECTS set): runs
# $KEEP_CC ARGS and, when that wrote a gcc.c-torture/compile object
# (-c -g -o X.o), keeps a copy as
# $KEEP_OBJECTS/<-O level>/X.o.  DejaGnu deletes each test's object once
# compiled; make check's gccfull.exp then puts the kept objects' BTF
# through libbpf and the kernel (bpfs-btf-loadall), with no second build.
"$KEEP_CC" "$@" || exit
# The level is the first -O (the torture option; a test's own dg-options
# come after it); only gcc.c-torture/compile's -g builds are kept, not
# DejaGnu's probes of the target (effective-target checks).
out= lvl= c= g= src= prev=
for a in "$@"; do
  [ "$prev" = -o ] && out=$a
  case $a in
    -O*) [ -n "$lvl" ] || lvl=$a ;;
    -c) c=1 ;;
    -g) g=1 ;;
    */gcc.c-torture/compile/*.c) src=$a ;;
  esac
  prev=$a
done
if [ -n "$c" ] && [ -n "$g" ] && [ -n "$src" ] && [ -n "$out" ] && [ -f "$out" ]; then
  mkdir -p "$KEEP_OBJECTS/${lvl:--O0}" && cp "$out" "$KEEP_OBJECTS/${lvl:--O0}/"
fi
