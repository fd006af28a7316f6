#!/bin/sh
# No fp64 in what an fp64-free device compiles (../shared/DESIGN.md, "Numerics";
# src/core/hd/f64.hpp): the probe of the allowlisted kernels' work-items is compiled to
# LLVM IR with clang, FVMAF_SOFT_F64 defined, and must hold no `double` (no value, no
# operation, no constant of that type). With "hard" instead, the probe is compiled without
# the macro and must hold some (so the check can fail).
#
# usage: soft_f64_no_double.sh CLANGXX SRC_DIR PROBE soft|hard
cxx=$1 src=$2 probe=$3 mode=$4
ir=$(mktemp) || exit 1
trap 'rm -f "$ir"' EXIT
define=-DFVMAF_SOFT_F64=1
[ "$mode" = hard ] && define=
"$cxx" -std=c++20 -O1 -S -emit-llvm $define -I"$src/src" -I"$src/include" "$probe" -o "$ir" || { echo "FAIL the probe does not compile"; exit 1; }
grep -q 'define.*@probe_speed' "$ir" || { echo "FAIL the probe's functions are missing from the IR"; exit 1; }
count=$(grep -cw double "$ir")
if [ "$count" -gt 0 ]; then
  echo "$count IR lines with double ($mode), the first:"
  grep -w double "$ir" | head -5
  exit 1
fi
echo "ok   no double in the IR ($mode)"
