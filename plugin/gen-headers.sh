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

echo "gen-headers: configuring"
# shellcheck disable=SC2086
eval "$conf" > configure.log 2>&1 || { tail -20 configure.log >&2; exit 1; }
make -j"$jobs" configure-gcc all-build-libiberty > make-configure.log 2>&1 \
  || { tail -30 make-configure.log >&2; exit 1; }

echo "gen-headers: generating headers"
# Everything cc1's objects depend on that is generated, but no object itself.
make -C gcc -j"$jobs" \
  options.h tm.h tm_p.h insn-constants.h insn-flags.h insn-modes.h \
  insn-modes-inline.h insn-codes.h insn-attr.h insn-attr-common.h \
  insn-notes.def tree-check.h gimple-match.c generic-match.c \
  pass-instances.def insn-opinit.h config.h auto-host.h bconfig.h \
  gtype-desc.h s-gtype s-header-vars plugin-version.h \
  > make-headers.log 2>&1 || { tail -30 make-headers.log >&2; exit 1; }

echo "gen-headers: installing plugin headers"
make -C gcc install-plugin prefix="$PWD/../inst" libsubdir="$PWD/../inst/lib" \
  plugin_resourcesdir="$PWD/../inst/plugin" \
  > make-install.log 2>&1 || true
