#!/bin/sh
# summary.sh OBJDIR DIR...: the per-directory results of a DejaGnu run and
# the closing line `N passed, N failed, N skipped' (what CI reads).
#   passed  = PASS + XFAIL            (results as the test expected)
#   failed  = FAIL + XPASS + UNRESOLVED + ERROR lines, plus every skip that
#             is not expected (below)
#   skipped = UNSUPPORTED + UNTESTED
# Skips must mean something (issue 41):
#   - "... (kernel refuses to load BPF here)" is the kernel skip: allowed
#     only when run.sh's probe found that this kernel does not let us load
#     BPF (KERNEL_OK=0).  Such a run still fails, with a line saying the
#     kernel side was not tested, unless KERNEL=optional accepts it.
#   - every other skip must match a pattern of EXPECTED_SKIPS (default
#     testsuite/expected-skips): a skip that is not there is a failure.
# Skips are printed grouped by reason.  Before the closing line, the share
# of verdicts that compare a value with an independent oracle (clang-19's
# build, native code, the source's expected value in the kernel...):
# `value oracle: N of M results (P%)', patterns in ORACLE_RESULTS
# (default testsuite/oracle-results).
# Environment: KERNEL_OK (1 or 0; default 1), KERNEL (required|optional),
# EXPECTED_SKIPS; EXTRA_PASSED, EXTRA_FAILED (run.sh's own checks).
# Exit status 1 when anything failed.
set -u
objdir=$1; shift
top=$(cd "$(dirname "$0")" && pwd)
list=${EXPECTED_SKIPS:-$top/expected-skips}
kernel_ok=${KERNEL_OK:-1}
kernel=${KERNEL:-required}
kernel_tag='(kernel refuses to load BPF here)'

passed=${EXTRA_PASSED:-0} failed=${EXTRA_FAILED:-0} skipped=0
skips=$(mktemp) || exit 1
trap 'rm -f "$skips"' EXIT
printf '%-28s %6s %6s %6s %6s %6s\n' directory PASS FAIL XFAIL UNSUP OTHER
for d in "$@"; do
  sum=$objdir/$d/bpfsupport.sum
  if [ ! -f "$sum" ]; then
    echo "$d: error: runtest produced no summary (see $objdir/$d/runtest.out)"
    failed=$((failed + 1))
    continue
  fi
  p=$(grep -c '^PASS:' "$sum"); f=$(grep -c '^FAIL:' "$sum")
  xf=$(grep -c '^XFAIL:' "$sum"); u=$(grep -c -E '^(UNSUPPORTED|UNTESTED):' "$sum")
  o=$(grep -c -E '^(XPASS|UNRESOLVED|ERROR):' "$sum")
  e=0; [ -f "$objdir/$d/runtest.out" ] && e=$(grep -c '^ERROR:' "$objdir/$d/runtest.out")
  o=$((o + e))
  printf '%-28s %6d %6d %6d %6d %6d\n' "$d" "$p" "$f" "$xf" "$u" "$o"
  grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR):' "$sum" | sed 's/^/    /'
  grep -E '^(UNSUPPORTED|UNTESTED):' "$sum" | sed "s|^[A-Z]*: |$d	|" >> "$skips"
  passed=$((passed + p + xf)); failed=$((failed + f + o)); skipped=$((skipped + u))
done

# The awk function both pattern lists use: a glob (* and ?, the whole
# text) as an anchored regular expression.
awk_glob2re='
  function glob2re(g,   r) {
    r = g
    gsub(/[][\\^$.|+(){}]/, "\\\\&", r)
    gsub(/\*/, ".*", r); gsub(/\?/, ".", r)
    return "^" r "$"
  }'

# Classify the skips.  expected-skips: "reason: TEXT" starts a group, the
# lines after it are glob patterns (* and ?) matched against the whole
# UNSUPPORTED text; # starts a comment.
unexpected=$(awk -v list="$list" -v kernel_ok="$kernel_ok" -v tag="$kernel_tag" -F '\t' "$awk_glob2re"'
  BEGIN {
    n = 0; reason = "(no reason given)"
    while ((getline line < list) > 0) {
      if (line ~ /^[ \t]*(#|$)/) continue
      if (line ~ /^reason: /) { reason = substr(line, 9); continue }
      sub(/^[ \t]+/, "", line); sub(/[ \t]+$/, "", line)
      pat[++n] = glob2re(line); why[n] = reason
    }
  }
  {
    text = $2; r = ""
    if (index(text, tag) && substr(text, length(text) - length(tag) + 1) == tag) {
      if (kernel_ok + 0) { print "U\t" $1 ": " text " (but the probe loads BPF here)"; next }
      r = "the kernel does not let us load BPF here"
    } else {
      for (i = 1; i <= n; i++) if (text ~ pat[i]) { r = why[i]; break }
    }
    if (r == "") { print "U\t" $1 ": " text; next }
    count[r]++
  }
  END {
    for (r in count) printf "R\t%6d  %s\n", count[r], r
  }' "$skips")
if [ "$skipped" -gt 0 ]; then
  echo "skipped, by reason:"
  printf '%s\n' "$unexpected" | sed -n 's/^R\t//p' | sort -k2
fi
nu=$(printf '%s\n' "$unexpected" | grep -c '^U	' || true)
if [ "$nu" -gt 0 ]; then
  echo "skips: error: $nu skip(s) not in $(basename "$list") (a skip must be expected; add it there with its reason, or fix the cause):"
  printf '%s\n' "$unexpected" | sed -n 's/^U\t/    /p'
  failed=$((failed + nu))
fi

# The share of verdicts that compare a value with an independent oracle
# (testsuite/oracle-results says which, and why the others do not).
olist=${ORACLE_RESULTS:-$top/oracle-results}
if [ -f "$olist" ]; then
  for d in "$@"; do
    [ -f "$objdir/$d/bpfsupport.sum" ] && grep -E '^(PASS|FAIL|XFAIL|XPASS):' "$objdir/$d/bpfsupport.sum"
  done | awk -v list="$olist" "$awk_glob2re"'
    BEGIN {
      n = 0
      while ((getline line < list) > 0) {
        if (line ~ /^[ \t]*(#|$)/) continue
        sub(/^[ \t]+/, "", line); sub(/[ \t]+$/, "", line)
        pat[++n] = glob2re(line)
      }
    }
    {
      text = $0; sub(/^[A-Z]+: /, "", text); m++
      for (i = 1; i <= n; i++) if (text ~ pat[i]) { o++; break }
    }
    END {
      if (m) printf "value oracle: %d of %d results (%.1f%%)\n", o, m, 100 * o / m
    }'
fi

note=""
if [ "$kernel_ok" != 1 ]; then
  if [ "$kernel" = optional ]; then
    echo "kernel: the kernel does not let us load BPF here: the kernel side was not tested (KERNEL=optional accepts that)"
    note=" (kernel side not tested: KERNEL=optional)"
  else
    echo "kernel: error: the kernel does not let us load BPF here: the kernel side was not tested (make check KERNEL=optional accepts that)"
    note=" (kernel side not tested)"
    failed=$((failed + 1))
  fi
fi
echo "$passed passed, $failed failed, $skipped skipped$note"
[ "$failed" -eq 0 ]
