#!/bin/bash
# Regenerate the table rows of STATUS.md: for every NN-*.bpf.c here, build
# with clang and with bpf-gcc + the plugin, load both with bpfs-btf-check,
# link/skeleton the GCC object with bpftool.  Usage (from anywhere):
#   testsuite/bpfsupport.btf/progs/status.sh [FILE.bpf.c...] > rows.md
# Objects and logs go to $OUT (default /tmp/bpfs-progs-status); $PLUGIN
# overrides build/bpfsupport.so (e.g. a copy, while the plugin is rebuilt).
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
o=${OUT:-/tmp/bpfs-progs-status}; mkdir -p "$o"
esc() { sed 's/|/\\|/g' | cut -c1-160; }
firsterr() {	# first verifier/libbpf error of a failed load
	local l
	l=$(awk '/BEGIN PROG LOAD LOG/{p=1;next} /END PROG LOAD LOG/{p=0} p{print}' "$1" |
	    grep -v '^processed\|^$\|^verification time\|^stack depth' | tail -1)
	[ -z "$l" ] && l=$(grep -v 'skipping\|BTF\|^\s*$' "$1" | grep -m1 'libbpf:\|error')
	echo "$l" | sed "s|$o/||g" | esc
}
btfst() {
	if grep -q 'BTF loading error' "$1"; then
		echo "n: $(awk '/BEGIN BTF LOAD LOG/{p=1;next} /END BTF LOAD LOG/{p=0} p{print}' "$1" | grep -v '^$' | tail -1 | sed 's/^\s*//' | esc)"
	elif grep -q 'btf: kernel-accepted' "$1"; then echo y
	elif grep -q 'btf: rejected' "$1"; then echo n
	else echo "? (object did not load)"; fi
}
[ $# -eq 0 ] && set -- "$here"/[0-9]*.bpf.c
cd "$top"
for f in "$@"; do
	b=$(basename "$f" .bpf.c); rm -f "$o/$b".*
	flags=$(head -1 "$f" | sed -n 's|.*bpfs-flags:\(.*\)\*/.*|\1|p')
	cflags=$(echo "$flags" | sed 's/-fplugin-arg-[^ ]*//g')
	clang -target bpf -g -O2 -I build/include -idirafter /usr/include/x86_64-linux-gnu $cflags \
		-c "$f" -o "$o/$b.clang.o" 2>"$o/$b.clang.err"
	[ -f "$o/$b.clang.o" ] && build/bin/bpfs-btf-check "$o/$b.clang.o" >"$o/$b.clang.chk" 2>&1
	bpf-gcc -O2 -g -fplugin="${PLUGIN:-$top/build/bpfsupport.so}" -I/usr/include -idirafter /usr/include/x86_64-linux-gnu \
		-I "$top/build/include" $flags -c "$f" -o "$o/$b.gcc.o" 2>"$o/$b.gcc.err"
	if ! [ -f "$o/$b.clang.o" ]; then cl="n (compile: $(grep -m1 'error' "$o/$b.clang.err" | sed 's|.*progs/||' | esc))"
	elif grep -q '^btf: ' "$o/$b.clang.chk"; then cl=y; else cl="n: $(firsterr "$o/$b.clang.chk")"; fi
	if ! [ -f "$o/$b.gcc.o" ]; then
		gc="n: $(grep -m1 -E ': error|internal compiler error|fatal error' "$o/$b.gcc.err" | sed 's|.*progs/||' | esc)$(grep -m1 'during .* pass' "$o/$b.gcc.err" | sed 's/^/ (/;s/$/)/')"
		gl=-; gb=-; lk=-
	else
		gc=y; [ -s "$o/$b.gcc.err" ] && gc="y (warnings)"
		build/bin/bpfs-btf-check "$o/$b.gcc.o" >"$o/$b.gcc.chk" 2>&1
		if grep -q '^btf: ' "$o/$b.gcc.chk"; then gl=y; else gl="n: $(firsterr "$o/$b.gcc.chk")"; fi
		gb=$(btfst "$o/$b.gcc.chk")
		lk=y
		bpftool gen object "$o/$b.gcc.lnk.o" "$o/$b.gcc.o" >"$o/$b.lnk.err" 2>&1 ||
			lk="n: $(grep -m1 -v '^$' "$o/$b.lnk.err" | sed "s|$o/||g" | esc)"
		[ "$lk" = y ] && { bpftool gen skeleton "$o/$b.gcc.lnk.o" name x >/dev/null 2>"$o/$b.skel.err" ||
			lk="n (skeleton): $(grep -m1 -v '^$' "$o/$b.skel.err" | esc)"; }
	fi
	fl() { [ -f "$1" ] && awk '/^prog /{f+=$4; l+=$6} END{if (NR) printf "%d/%d", f, l}' "$1"; }
	fc=$(fl "$o/$b.clang.chk"); fg=$(fl "$o/$b.gcc.chk")
	echo "| $b | $cl | $gc | $gl | $gb | $lk | ${fc:--} vs ${fg:--} |"
done
