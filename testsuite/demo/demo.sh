#!/bin/sh
# demo.sh BUILD: what `make demo' shows.  A libbpf XDP program built by
# bpf-gcc alone (it fails), then with the bpfsupport plugin (it builds, every
# helper call a `call N'), then loaded into the kernel with bpftool and run
# on two packets with BPF_PROG_TEST_RUN, its map read back; and the same
# object in the bpf-run simulator when that is built.
set -u
build=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$build/demo
mkdir -p "$out"
inc="-I/usr/include -idirafter /usr/include/$(gcc -print-multiarch)"
src=$top/testsuite/demo/demo.c
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "bpf-gcc -O2 -g -c demo.c   (GCC 12 alone)"
# shellcheck disable=SC2086
bpf-gcc -O2 -gbtf $inc -c "$src" -o "$out/plain.o" 2>&1 | grep -m3 error

step "bpf-gcc -O2 -g -fplugin=build/bpfsupport.so -c demo.c"
# shellcheck disable=SC2086
bpf-gcc -O2 -gbtf -fplugin="$build/bpfsupport.so" $inc -c "$src" -o "$out/demo.o" || exit 1
echo "built $out/demo.o"

step "bpf-objdump -d demo.o   (helper calls are call N: 1 map_lookup_elem, 2 map_update_elem, 6 trace_printk)"
bpf-objdump -d --no-show-raw-insn "$out/demo.o" | sed -n '/<count_sizes>/,$p'

step "loaded into the kernel and run (bpftool prog load / prog run)"
if ! "$build/bin/bpfs-kernel-check" >/dev/null 2>&1; then
  echo "this kernel does not let us load BPF programs: skipped"
else
  mountpoint -q /sys/fs/bpf || mount -t bpf bpf /sys/fs/bpf 2>/dev/null
  pin=/sys/fs/bpf/bpfsupport-demo-$$
  if bpftool prog load "$out/demo.o" "$pin" 2>"$out/load.log"; then
    head -c 20 /dev/zero > "$out/short.bin"
    head -c 100 /dev/zero > "$out/long.bin"
    for p in short long; do
      printf '%s packet (%d bytes): ' "$p" "$(wc -c < "$out/$p.bin")"
      bpftool prog run pinned "$pin" data_in "$out/$p.bin" repeat 1 | grep -i 'return value'
    done
    echo "(XDP_DROP is 1, XDP_PASS is 2)"
    id=$(bpftool prog show pinned "$pin" | sed -n 's/.*map_ids \([0-9]*\).*/\1/p')
    echo "map 'sizes' after the runs (key 0: short packets, key 1: long):"
    bpftool map dump id "$id"
    rm -f "$pin"
  else
    tail -5 "$out/load.log"
  fi
fi

if [ -x "$build/bin/bpf-run" ]; then
  step "the same object in the simulator: bpf-run --data long.bin demo.o"
  "$build/bin/bpf-run" --data "$out/long.bin" "$out/demo.o"
fi
