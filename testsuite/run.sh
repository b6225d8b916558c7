#!/bin/sh
# run.sh OBJDIR [RUNTESTFLAGS]: run every testsuite/bpfsupport.* directory
# through DejaGnu, two at a time (the machines have two cores), then print
# the per-directory results and the closing line `N passed, N failed,
# N skipped' (DejaGnu's own summary is not what CI reads).
#   passed  = PASS + XFAIL            (results as the test expected)
#   failed  = FAIL + XPASS + UNRESOLVED + ERROR lines
#   skipped = UNSUPPORTED + UNTESTED
# Exit status 1 when anything failed.
set -u
objdir=$(mkdir -p "$1" && cd "$1" && pwd)   # absolute: each directory runs in its own
flags=${2:-}
top=$(cd "$(dirname "$0")" && pwd)
jobs=${JOBS:-2}

# Tests pin programs in the BPF filesystem (bpftool prog loadall).
if [ "$(id -u)" = 0 ] && ! mountpoint -q /sys/fs/bpf 2>/dev/null; then
  mount -t bpf bpf /sys/fs/bpf 2>/dev/null || true
fi

# The host's devices must survive the run: a tool that renamed a file over
# /dev/null (bpf-asm did, issue 20) breaks every later redirect silently.
host_devices() {
  for dev in /dev/null /dev/zero /dev/full; do
    [ -c "$dev" ] && echo "$dev" || echo "$dev:not-a-device"
  done
}
devices_before=$(host_devices)

# The kernel probe, once for the whole run.
bindir=$(sed -n 's/^set BINDIR //p' "$objdir/site.exp")
if probe=$("$bindir/bpfs-kernel-check" 2>&1); then kernel_ok=1; else kernel_ok=0; fi
echo "kernel: $probe"
case ${KERNEL:-required} in
  required|optional) ;;
  *) echo "run.sh: error: KERNEL=${KERNEL} (required or optional)" >&2; exit 2 ;;
esac

dirs=${TESTDIRS:-$(cd "$top" && ls -d bpfsupport.* 2>/dev/null)}
# RUNTESTFLAGS naming a .exp file or directory narrows the run.
for d in $dirs; do
  rm -rf "${objdir:?}/$d"
  mkdir -p "$objdir/$d"
  { sed "s|^set objdir .*|set objdir $objdir/$d|" "$objdir/site.exp"
    echo "set KERNEL_OK $kernel_ok"; } > "$objdir/$d/site.exp"
done

# The directories start longest first (the order of their last measured
# wall times in a whole run, 2026-12-07: gccfull 348 s, run 167, gcc 152,
# asm 105, btf 94, then each under 25 s): alphabetically, gccfull started
# halfway through and ran alone at the end, about a minute more.
longest=" bpfsupport.gccfull bpfsupport.run bpfsupport.gcc bpfsupport.asm bpfsupport.btf "
longest_first() {
  for d in $longest; do
    case " $(echo $dirs) " in *" $d "*) echo "$d" ;; esac
  done
  for d in $dirs; do
    case "$longest" in *" $d "*) ;; *) echo "$d" ;; esac
  done
}

longest_first | xargs -P "$jobs" -I{} sh -c '
  cd "$1/$2" && runtest --tool bpfsupport --srcdir "$3" $4 --directory "$2" \
    > runtest.out 2>&1
  echo "ran $2"' sh "$objdir" {} "$top" "$flags"

devices_after=$(host_devices)
extra_passed=0 extra_failed=0
if [ "$devices_before" != "$devices_after" ]; then
  echo "host: error: a device changed during the run:" $devices_after
  extra_failed=1
else
  extra_passed=1
fi
EXTRA_PASSED=$extra_passed EXTRA_FAILED=$extra_failed KERNEL_OK=$kernel_ok \
  sh "$top/summary.sh" "$objdir" $dirs
