#!/bin/sh
# check-headers.sh SIZES CC1: compare the sizes printed by check-headers
# (from the generated headers) with the symbol sizes in cc1's dynamic
# symbol table.  Exit 1, naming the first difference, when they disagree.
set -eu
sizes=$1 cc1=$2
symbols=$(nm -D -S --defined-only "$cc1")
status=0
while read -r name size; do
  bytes=$(printf '%s\n' "$symbols" | awk -v n="$name" '$4 == n { print $2 }')
  [ -n "$bytes" ] || { echo "check-headers: error: $cc1 has no symbol $name" >&2; exit 1; }
  bytes=$((0x$bytes))
  # mode_class is an array of one byte per machine mode.
  if [ "$bytes" != "$size" ]; then
    echo "check-headers: error: $name is $size in the generated headers but $bytes in $cc1" >&2
    status=1
  else
    echo "check-headers: $name $size bytes: matches $cc1"
  fi
done < "$sizes"
exit $status
