#!/usr/bin/env bash
# Does every SYCL kernel the CPU device runs still return? AdaptiveCpp 24.06's CPU compiler
# (omp, which cuts a kernel at its barriers) can build a kernel with a barrier and a path
# the optimiser knows is never taken (an `unreachable` exit) without its return: the kernel
# then never ends. The choice is not repeatable (3 of 4 builds of one unit lost it), so this
# compiles each SYCL unit of a configured build folder `rounds` times to LLVM IR and lists
# every work-group loop (iterate_nd_range_omp) that has no `ret`. See
# docs/adr/0211-sycl-cpu-kernel-exits.md.
#
#   tools/sycl_kernel_exits.sh BUILD_DIR [ROUNDS [UNIT_REGEX]]
#   (ROUNDS default 3; UNIT_REGEX picks units, e.g. ssim_map; exit 1 when a kernel lost it)
set -euo pipefail
build=${1:?usage: tools/sycl_kernel_exits.sh BUILD_DIR [ROUNDS]}
rounds=${2:-3}
only=${3:-.}
[[ -f "$build/build.ninja" ]] || { echo "no build.ninja in $build (configure it with the Ninja generator)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The SYCL units' compile commands, as the build runs them, with the output made IR.
mapfile -t commands < <(ninja -C "$build" -t commands | grep -oE '[^&]*acpp [^&]* -c [^ ]*\.sycl\.cpp -o [^ ]*' || true)
[[ ${#commands[@]} -gt 0 ]] || { echo "no SYCL units in $build" >&2; exit 2; }

bad=0
for ((i = 0; i < ${#commands[@]}; ++i)); do
  cmd=${commands[i]}
  unit=$(grep -oE '[^ ]*\.sycl\.cpp' <<<"$cmd" | head -1)
  grep -qE "$only" <<<"$unit" || continue
  # CPU code only (omp): the GPU's generic code has no barrier cutting.
  base=$(sed -E -e 's/"?--acpp-targets=[^ ]*/--acpp-targets=omp/' -e 's/ -MD -MF [^ ]*//' -e 's/ -o [^ ]*$//' <<<"$cmd")
  for ((r = 1; r <= rounds; ++r)); do
    ir="$work/$i.$r.ll"
    if ! (cd "$build/src" && eval "$base -S -emit-llvm -o $ir" 2>"$work/err"); then
      echo "could not compile ${unit#*gpu_units/sycl/}:" >&2
      tail -5 "$work/err" >&2
      exit 2
    fi
    lost=$(awk '/^define .*iterate_nd_range_omp/ { f = 1; ret = 0; name = $0 }
                f && /^[[:space:]]*ret / { ret = 1 }
                f && /^}/ { f = 0; if (!ret) print name }' "$ir" | grep -oE '@"?[^"(]*' | head -3 || true)
    if [[ -n "$lost" ]]; then
      echo "NO RETURN in ${unit#*gpu_units/sycl/} (build $r of $rounds):"
      echo "$lost" | c++filt | cut -c1-240
      bad=1
      break
    fi
    rm -f "$ir"
  done
  echo "checked ${unit#*gpu_units/sycl/}"
done
exit $bad
