#!/bin/sh
# fuzz.sh GEN BINDIR FIRST COUNT [ASM]: programs of seeds FIRST..FIRST+COUNT-1
# from gen.c, each assembled at -mcpu=v1..v4 by bpf-asm (ASM: another
# one, e.g. an older build) and run in bpf-run, and in the kernel where it
# loads BPF; each must return the value gen printed.  Prints each failure
# and the closing line `N passed, N failed'.  make fuzz runs it.
set -u
gen=$1 bin=$2 first=$3 count=$4 asm=${5:-$2/bpf-asm}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
data=$(printf '00%.0s' $(seq 64))
kernel=0
"$bin/bpfs-kernel-check" >/dev/null 2>&1 && kernel=1
passed=0 failed=0
seed=$first
while [ "$seed" -lt $((first + count)) ]; do
  want=$("$gen" "$seed" "$tmp/p.s") || { echo "seed $seed: gen failed"; exit 2; }
  for cpu in v1 v2 v3 v4; do
    if ! "$asm" -mcpu=$cpu "$tmp/p.s" -o "$tmp/p.o" 2>"$tmp/err"; then
      echo "seed $seed -mcpu=$cpu: bpf-asm: $(head -c 300 "$tmp/err")"
      failed=$((failed + 1)); continue
    fi
    got=$("$bin/bpf-run" --type xdp --data-hex "$data" --json "$tmp/p.o" 2>&1 |
          sed -n 's/.*"retval": *\([0-9-]*\).*/\1/p')
    if [ "$got" != "$want" ]; then
      echo "seed $seed -mcpu=$cpu: bpf-run returned ${got:-nothing}, want $want"
      failed=$((failed + 1)); continue
    fi
    if [ $kernel = 1 ]; then
      got=$("$bin/bpf-kload" --data-hex "$data" --json "$tmp/p.o" 2>&1 |
            sed -n 's/.*"retval": *\([0-9-]*\).*/\1/p')
      if [ "$got" != "$want" ]; then
        echo "seed $seed -mcpu=$cpu: the kernel returned ${got:-nothing}, want $want"
        failed=$((failed + 1)); continue
      fi
    fi
    passed=$((passed + 1))
  done
  seed=$((seed + 1))
done
echo "$passed passed, $failed failed"
[ $failed = 0 ]
