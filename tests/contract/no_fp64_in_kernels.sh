#!/bin/sh
# Device code uses no fp64 (../shared/DESIGN.md, "Numerics"): every kernel source,
# compiled to PTX, must contain no .f64 instruction or register.
# usage: no_fp64_in_kernels.sh PTX...
status=0
checked=0
for f in "$@"; do
  checked=$((checked + 1))
  hits=$(grep -nE '\.f64\b' "$f" | head -n 5)
  if [ -n "$hits" ]; then
    echo "FAIL $f uses fp64:"
    echo "$hits" | sed 's/^/    /'
    status=1
  else
    echo "ok   $f ($(grep -c '^\.visible \.entry\|^\.entry' "$f") kernels)"
  fi
done
[ $checked -gt 0 ] || { echo "FAIL no PTX given"; exit 1; }
exit $status
