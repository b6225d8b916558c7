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

dirs=${TESTDIRS:-$(cd "$top" && ls -d bpfsupport.* 2>/dev/null)}
# RUNTESTFLAGS naming a .exp file or directory narrows the run.
for d in $dirs; do
  rm -rf "${objdir:?}/$d"
  mkdir -p "$objdir/$d"
  sed "s|^set objdir .*|set objdir $objdir/$d|" "$objdir/site.exp" > "$objdir/$d/site.exp"
done

printf '%s\n' $dirs | xargs -P "$jobs" -I{} sh -c '
  cd "$1/$2" && runtest --tool bpfsupport --srcdir "$3" $4 --directory "$2" \
    > runtest.out 2>&1
  echo "ran $2"' sh "$objdir" {} "$top" "$flags"

passed=0 failed=0 skipped=0
printf '%-28s %6s %6s %6s %6s %6s\n' directory PASS FAIL XFAIL UNSUP OTHER
for d in $dirs; do
  sum=$objdir/$d/bpfsupport.sum
  if [ ! -f "$sum" ]; then
    echo "$d: error: runtest produced no summary (see $objdir/$d/runtest.out)"
    failed=$((failed + 1))
    continue
  fi
  p=$(grep -c '^PASS:' "$sum"); f=$(grep -c '^FAIL:' "$sum")
  xf=$(grep -c '^XFAIL:' "$sum"); u=$(grep -c -E '^(UNSUPPORTED|UNTESTED):' "$sum")
  o=$(grep -c -E '^(XPASS|UNRESOLVED|ERROR):' "$sum")
  o=$((o + $(grep -c '^ERROR:' "$objdir/$d/runtest.out")))
  printf '%-28s %6d %6d %6d %6d %6d\n' "$d" "$p" "$f" "$xf" "$u" "$o"
  grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR):' "$sum" | sed 's/^/    /'
  passed=$((passed + p + xf)); failed=$((failed + f + o)); skipped=$((skipped + u))
done
devices_after=$(host_devices)
if [ "$devices_before" != "$devices_after" ]; then
  echo "host: error: a device changed during the run:" $devices_after
  failed=$((failed + 1))
else
  passed=$((passed + 1))
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
