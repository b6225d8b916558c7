#!/bin/sh
# bench.sh BPF_ASM WORKDIR [N] - time bpf-asm against bpf-as 2.40 on a
# generated GNU-syntax file of N instructions (default 200000) in the
# style bpf-gcc emits (labels, jumps, lddw of symbols, calls, data), in
# the same run, best of 3 each; prints both times and the ratio.
set -e
ASM=$1
DIR=${2:-/tmp/bench-asm}
N=${3:-200000}
mkdir -p "$DIR"
SRC=$DIR/bench.s
awk -v n="$N" 'BEGIN {
  print "\t.file\t\"bench.c\"\n\t.text";
  f = 0; i = 0;
  while (i < n) {
    printf "\t.align\t3\n\t.global\tfn%d\n\t.type\tfn%d, @function\nfn%d:\n", f, f, f;
    for (k = 0; k < 48 && i < n; k++) {
      r = k % 12;
      if (r == 0) printf "\tmov\t%%r%d,%%r%d\n", k % 9 + 1, (k + 3) % 9 + 1;
      else if (r == 1) printf "\tadd32\t%%r%d,%d\n", k % 9 + 1, k * 37 - 500;
      else if (r == 2) printf "\tldxw\t%%r%d,[%%r10+-%d]\n", k % 9 + 1, (k % 16) * 4 + 4;
      else if (r == 3) printf "\tstxdw\t[%%r10+-%d],%%r%d\n", (k % 8) * 8 + 8, k % 9 + 1;
      else if (r == 4) printf "\tjsgt\t%%r%d,%d,.L%d_%d\n", k % 9 + 1, k, f, k + 6;
      else if (r == 5) { printf "\tlddw\t%%r%d,gv%d+%d\n", k % 5 + 1, f % 64, (k % 4) * 8; i++; }
      else if (r == 6) printf "\tcall\t%d\n", k % 100 + 1;
      else if (r == 7) printf "\tlsh\t%%r%d,32\n", k % 9 + 1;
      else if (r == 8) printf "\tarsh\t%%r%d,32\n", k % 9 + 1;
      else if (r == 9) printf "\tjne\t%%r%d,%%r%d,.L%d_%d\n", k % 9 + 1, (k + 1) % 9 + 1, f, k + 1;
      else if (r == 10) printf ".L%d_%d:\n\txor\t%%r%d,%%r%d\n", f, k, k % 9 + 1, (k + 2) % 9 + 1;
      else printf ".L%d_%d:\n\tmul\t%%r%d,%d\n", f, k, k % 9 + 1, k;
      i++;
    }
    printf ".L%d_%d:\n.L%d_%d:\n.L%d_%d:\n\tmov\t%%r0,0\n\texit\n\t.size\tfn%d, .-fn%d\n", f, k, f, k + 1, f, k + 2, f, f;
    i += 2; f++;
  }
  print "\t.data\n\t.align\t3";
  for (g = 0; g < 64; g++) printf "\t.global\tgv%d\n\t.type\tgv%d, @object\n\t.size\tgv%d, 32\ngv%d:\n\t.dword\t%d\n\t.dword\tgv%d\n\t.zero\t16\n", g, g, g, g, g, (g + 1) % 64;
}' > "$SRC"
best () {
  b=
  for t in 1 2 3; do
    s=$(date +%s%N)
    "$@" > /dev/null
    e=$(date +%s%N)
    d=$(( (e - s) / 1000000 ))
    if [ -z "$b" ] || [ "$d" -lt "$b" ]; then b=$d; fi
  done
  echo "$b"
}
A=$(best "$ASM" "$SRC" -o "$DIR/bench.asm.o")
B=$(best bpf-as -EL "$SRC" -o "$DIR/bench.as.o")
echo "bench-asm: $(grep -c '^	[a-z]' "$SRC") lines, $N instructions"
echo "bench-asm: bpf-asm ${A} ms, bpf-as ${B} ms (best of 3)"
awk -v a="$A" -v b="$B" 'BEGIN { if (a < 1) a = 1; printf "bench-asm: bpf-as/bpf-asm time ratio %.2f (>= 1 means bpf-asm is at least as fast)\n", b / a }'
# Data-heavy input, one directive per line as in bpf-gcc's DWARF and BTF
# (issue 22: bpf-asm was 1.7x slower than bpf-as on 300,000 .long, from a
# copy of the whole input and a division per digit; directives are found
# through a hash index since).  Each: bpf-asm and bpf-as on the same file.
data_case () {
  name=$1 prog=$2
  f=$DIR/data-$(echo "$name" | tr -c 'a-z0-9\n' '_').s
  awk "BEGIN { $prog }" > "$f"
  A=$(best "$ASM" "$f" -o "$f.asm.o")
  B=$(best bpf-as -EL "$f" -o "$f.as.o")
  echo "bench-asm: $name: bpf-asm ${A} ms, bpf-as ${B} ms, ratio $(awk -v a="$A" -v b="$B" 'BEGIN { if (a < 1) a = 1; printf "%.2f", b / a }') (best of 3)"
}
data_case "300000 .long" 'print "\t.data"; for (i = 0; i < 300000; i++) printf "\t.long\t%d\n", (i * 2654435761) % 4294967296'
data_case "300000 .byte" 'print "\t.data"; for (i = 0; i < 300000; i++) printf "\t.byte\t0x%x\n", i % 256'
data_case "300000 .quad" 'print "\t.data"; for (i = 0; i < 300000; i++) printf "\t.quad\t%d\n", i * 7919'
data_case "300000 .uleb128" 'print "\t.section\t.debug_info,\"\",@progbits"; for (i = 0; i < 300000; i++) printf "\t.uleb128\t0x%x\n", i % 5000'
data_case "300000 .4byte of 1000 labels" 'print "\t.data"; for (i = 0; i < 300000; i++) printf "\t.4byte\t.LASF%d\n", i % 1000; for (i = 0; i < 1000; i++) printf ".LASF%d:\n\t.string\t\"name_%d\"\n", i, i'
data_case "100000 .string" 'print "\t.data"; for (i = 0; i < 100000; i++) printf "\t.string\t\"string number %d with text\"\n", i'
# A macro of 80,000 parameters, every one referenced, invoked with
# keyword arguments: linear in the parameters (issue 20: each lookup was a
# scan of all of them, 14.7 s).
MAC=$DIR/macro-params.s
awk 'BEGIN {
  n = 80000;
  printf ".macro m";
  for (i = 0; i < n; i++) printf "%s p%d", i ? "," : "", i;
  printf "\n\t.byte";
  for (i = 0; i < n; i++) printf "%s \\p%d", i ? "," : "", i;
  printf "\n.endm\n\tm";
  for (i = 0; i < n; i++) printf "%s p%d=%d", i ? "," : "", i, i % 256;
  printf "\n";
}' > "$MAC"
M=$(best "$ASM" "$MAC" -o "$DIR/macro-params.o")
echo "bench-asm: macro with 80000 parameters (referenced, keyword arguments): ${M} ms (best of 3)"
