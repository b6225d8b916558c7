#!/bin/sh
# Generate GCC plugin headers for the exact bpf cc1 that Debian's gcc-bpf ships.
#
# Why: Debian ships no plugin headers for the BPF cross compiler, and the host's
# gcc-12-plugin-dev headers describe a different cc1 (x86 machine modes, another
# struct gcc_options layout), so a plugin built on them misreads `optimize' and
# friends.  The headers only need GCC's configure step and its generated
# headers, not a cc1 build: about a minute on two cores.
#
# The configure arguments must be byte-identical to `bpf-gcc -v': the plugin
# version check in cc1 compares them.  No Debian patches are applied (the gm2
# patch would change the option table), and no language directory under gcc/
# is excluded (each adds options and tree codes to cc1).
#
# Usage: gen-headers.sh OUTDIR   (OUTDIR/include is what -I wants)
set -eu
out=${1:?usage: gen-headers.sh OUTDIR}
tarball=${GCC_SOURCE_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
BPF_GCC=${BPF_GCC:-bpf-gcc}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}

[ -r "$tarball" ] || { echo "gen-headers.sh: error: $tarball not found (apt-get install gcc-12-source)" >&2; exit 1; }

work=$out/work
rm -rf "$work" "$out/include"
mkdir -p "$work"

# The configure line exactly as the installed compiler reports it.
conf=$($BPF_GCC -v 2>&1 | sed -n 's/^Configured with: //p')
case $conf in
  ../gcc-source/configure*) ;;
  *) echo "gen-headers.sh: error: unexpected configure line: $conf" >&2; exit 1 ;;
esac

echo "gen-headers: unpacking $(basename "$tarball")"
tar -C "$work" -xJf "$tarball" \
  --exclude='gcc-12.2.0/gcc/testsuite' \
  --exclude='gcc-12.2.0/libstdc++-v3' --exclude='gcc-12.2.0/libgo' \
  --exclude='gcc-12.2.0/libgomp' --exclude='gcc-12.2.0/libphobos' \
  --exclude='gcc-12.2.0/libgfortran' --exclude='gcc-12.2.0/libsanitizer' \
  --exclude='gcc-12.2.0/libffi' --exclude='gcc-12.2.0/libjava' \
  --exclude='gcc-12.2.0/libquadmath' --exclude='gcc-12.2.0/libitm' \
  --exclude='gcc-12.2.0/libatomic' --exclude='gcc-12.2.0/liboffloadmic' \
  --exclude='gcc-12.2.0/libvtv' --exclude='gcc-12.2.0/libobjc'
mv "$work/gcc-12.2.0" "$work/gcc-source"
mkdir -p "$work/build"
cd "$work/build"

echo "gen-headers: configuring (as bpf-gcc -v reports)"
eval "$conf" > configure.log 2>&1 || { tail -20 configure.log >&2; exit 1; }
# genmatch and gengtype need the build-machine libiberty and libcpp.
make -j"$jobs" configure-gcc all-build-libiberty all-build-libcpp \
  > make-configure.log 2>&1 || { tail -30 make-configure.log >&2; exit 1; }

echo "gen-headers: generating headers"
# Every generated file cc1's sources include ($(generated_files) in GCC's
# gcc/Makefile), plus the GTY tables; no object file is compiled.
generated=$(printf 'bpfs-print-generated:\n\t@echo $(generated_files)\n' \
            | make -s -C gcc -f Makefile -f - bpfs-print-generated)
# shellcheck disable=SC2086
make -C gcc -j"$jobs" $generated s-gtype s-header-vars \
  > make-headers.log 2>&1 || { tail -30 make-headers.log >&2; exit 1; }

echo "gen-headers: installing plugin headers"
# install-gengtype would need gengtype built for the host: skip it (-o).
make -C gcc -o install-gengtype install-plugin DESTDIR="$PWD/../inst" \
  > make-install.log 2>&1 || { tail -30 make-install.log >&2; exit 1; }
inc=$PWD/../inst$(dirname "$($BPF_GCC -print-libgcc-file-name)")/plugin/include
# GCC 12's install-plugin forgets insn-opinit.h, which optabs-query.h needs.
cp gcc/insn-opinit.h "$inc/"
rm -rf "$out/include"
mv "$inc" "$out/include"
cd "$out"
rm -rf "$work"
echo "gen-headers: headers in $out/include"
