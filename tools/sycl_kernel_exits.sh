#!/usr/bin/env bash
# Does every SYCL kernel the CPU device runs have one way out? AdaptiveCpp 24.06's CPU
# compiler (the omp target) runs a work-group by cutting the kernel at its barriers; a
# kernel that also ends in a path the optimiser knows is never taken (an `unreachable`
# block) may come out without its return, and then never ends. Which exit it keeps changes
# from one compile to the next (3 of 4 compiles of one unit lost the return), so this looks
# for the cause, which is repeatable: an `unreachable` in a kernel's code as it enters the
# barrier cutting (LLVM's -print-before-all, for the kernels only). It also reports a
# kernel that lost its return in this compile. docs/adr/0211-sycl-cpu-kernel-exits.md.
#
#   tools/sycl_kernel_exits.sh BUILD_DIR [UNIT_REGEX]
#   BUILD_DIR: a configured build with the SYCL backend (Ninja); UNIT_REGEX picks units
#   (e.g. ssim_map). Exit 1 when a kernel has a second exit or lost its return.
set -euo pipefail
build=${1:?usage: tools/sycl_kernel_exits.sh BUILD_DIR [UNIT_REGEX]}
only=${2:-.}
[[ -f "$build/build.ninja" ]] || { echo "no build.ninja in $build (configure it with the Ninja generator)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The SYCL units' compile commands as the build runs them.
mapfile -t commands < <(ninja -C "$build" -t commands | grep -oE '[^&]*acpp [^&]* -c [^ ]*\.sycl\.cpp -o [^ ]*' || true)
[[ ${#commands[@]} -gt 0 ]] || { echo "no SYCL units in $build" >&2; exit 2; }

bad=0
for cmd in "${commands[@]}"; do
  unit=$(grep -oE '[^ ]*\.sycl\.cpp' <<<"$cmd" | head -1)
  grep -qE "$only" <<<"$unit" || continue
  short=${unit#*gpu_units/sycl/}
  # The CPU's code only (omp: the GPU's generic code is not cut at barriers), no depfile.
  base=$(sed -E -e 's/"?--acpp-targets=[^ ]*/--acpp-targets=omp/' -e 's/ -MD -MF [^ ]*//' -e 's/ -o [^ ]*$//' <<<"$cmd")
  if ! (cd "$build/src" && eval "$base -S -emit-llvm -o $work/unit.ll" 2>"$work/err"); then
    echo "could not compile $short:" >&2
    tail -5 "$work/err" >&2
    exit 2
  fi
  # Each work-group loop (a kernel as the CPU device runs it) and whether it returns.
  names=$(grep -oE '^define [^@]*@"?[^"( ]*iterate_nd_range_omp[^"( ]*' "$work/unit.ll" | sed -E 's/.*@"?//' | paste -sd, || true)
  if [[ -z "$names" ]]; then
    echo "ok    $short (no kernels)"
    continue
  fi
  lost=$(awk '/^define .*iterate_nd_range_omp/ { f = 1; ret = 0; name = $0 }
              f && /^[[:space:]]*ret / { ret = 1 }
              f && /^}/ { f = 0; if (!ret) print name }' "$work/unit.ll")
  # Each kernel as it enters the barrier cutting: any unreachable block is a second exit.
  filter=$(printf %q "-filter-print-funcs=$names")
  second=$(cd "$build/src" && eval "$base -o /dev/null -mllvm -print-before-all -mllvm $filter" 2>&1 >/dev/null |
           awk '/^\*\*\* IR Dump Before/ { cut = ($0 ~ /SubCfgFormationPass/); if (cut) name = $(NF - 1) }
                cut && /^[[:space:]]*unreachable/ { print name }' | sort -u)
  if [[ -z "$lost$second" ]]; then
    echo "ok    $short ($(tr ',' '\n' <<<"$names" | wc -l) kernels)"
    continue
  fi
  bad=1
  [[ -z "$second" ]] || { echo "FAIL  $short: a kernel with a second exit (unreachable):"; c++filt <<<"$second" | cut -c1-200 | sed 's/^/      /'; }
  [[ -z "$lost" ]] || { echo "FAIL  $short: a kernel without its return in this compile:"; grep -oE '@"?[^"(]*' <<<"$lost" | sed -E 's/^@"?//' | c++filt | cut -c1-200 | sed 's/^/      /'; }
done
exit $bad
