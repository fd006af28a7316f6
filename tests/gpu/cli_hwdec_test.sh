#!/usr/bin/env bash
# Compressed input decoded by NVDEC into device memory (--hwdec cuda), whole process: for
# every encoded pair of a directory, v0.6.1, v1 and PSNR (whose chroma needs the
# semi-planar surfaces taken apart) equal in every frame and pooled value to the same
# files decoded on the CPU and scored by the CPU. Says which files NVDEC decoded and
# which fell back to the CPU decoder (each with its note), and fails when a file NVDEC
# is expected to decode (EXPECT_NVDEC, a list of names) fell back. A reference given as
# .y4m beside an NVDEC encode checks the mixed frame (host reference, device distorted).
# Exits 77 without a CUDA device or without compressed input.
#
# usage: cli_hwdec_test.sh FASTVMAF ENCODES_DIR [DEVICE_SET_DIR]
#   ENCODES_DIR holds NAME_dis.EXT encodes (.mp4, .mkv, .webm), each with NAME_ref.EXT
#   beside it or NAME_ref.y4m.xz in DEVICE_SET_DIR (or both: each pairing is run)
set -u
cli=$1 dir=$2 set=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; failed=1; }
failed=0
shopt -s nullglob
dis_files=("$dir"/*_dis.*)
[ ${#dis_files[@]} -gt 0 ] || { echo "SKIP: no encodes in $dir"; exit 77; }
equal() {
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for key in ("frames", "pooled_metrics", "aggregate_metrics"):
    if json.dumps(a.get(key), sort_keys=True) != json.dumps(b.get(key), sort_keys=True):
        sys.exit(f"{key} differs")
print(f"{len(a['frames'])} frames equal", end="")
PY
}
run_pair() {  # NAME REF DIS
  local name=$1 ref=$2 dis=$3
  local args=(-r "$ref" -d "$dis" -m version=vmaf_v0.6.1:name=v0.6.1 -m version=vmaf_v1.0.16_3d0h:name=v1 --feature psnr --json --precision max)
  if ! "$cli" "${args[@]}" --backend cuda --hwdec cuda -o "$work/$name.gpu.json" > /dev/null 2> "$work/$name.gpu.err"; then
    if grep -q -E -- "--backend cuda: (no [A-Z]+ device|this build has no)|does not read compressed" "$work/$name.gpu.err"; then
      echo "SKIP: $(head -n 1 "$work/$name.gpu.err")"; exit 77
    fi
    # A run the CPU refuses too (a model's size limits), with the same error, is no failure.
    if ! "$cli" "${args[@]}" --backend cpu --hwdec none -o "$work/$name.cpu.json" > /dev/null 2> "$work/$name.cpu.err" &&
       [ "$(grep "error:" "$work/$name.gpu.err")" = "$(grep "error:" "$work/$name.cpu.err")" ]; then
      echo "  $name: refused alike on the CPU: $(grep "error:" "$work/$name.cpu.err" | head -c 160)"
      return
    fi
    fail "$name: the NVDEC run failed: $(head -n 4 "$work/$name.gpu.err")"; return
  fi
  "$cli" "${args[@]}" --backend cpu --hwdec none -o "$work/$name.cpu.json" > /dev/null 2> "$work/$name.cpu.err" ||
    { fail "$name: the cpu run failed: $(head -n 3 "$work/$name.cpu.err")"; return; }
  local on=cpu
  grep -q "decoded by NVDEC" "$work/$name.gpu.err" && on=nvdec
  local nvdec_files
  nvdec_files=$(grep -c "decoded by NVDEC" "$work/$name.gpu.err")
  local r
  if r=$(equal "$work/$name.cpu.json" "$work/$name.gpu.json"); then
    echo "  $name: $r; $nvdec_files of its files decoded by NVDEC"
  else
    fail "$name: $r"
  fi
  grep -h "not on the GPU" "$work/$name.gpu.err" | sed 's/^/      /'
  case " ${EXPECT_NVDEC:-} " in
    *" $name "*) [ "$on" = nvdec ] || fail "$name: expected NVDEC to decode it" ;;
  esac
}
for dis in "${dis_files[@]}"; do
  base=$(basename "$dis"); name=${base%_dis.*}
  refs=("$dir/${name}_ref".*)
  [ ${#refs[@]} -le 1 ] || { fail "$name: several reference files"; continue; }
  [ ${#refs[@]} -eq 1 ] && run_pair "$name" "${refs[0]}" "$dis"
  # The reference as .y4m from the device set, beside the NVDEC-decoded encode.
  if [ -n "$set" ] && [ -f "$set/${name}_ref.y4m.xz" ]; then
    xz -dc "$set/${name}_ref.y4m.xz" > "$work/${name}_ref.y4m"
    run_pair "$name.y4m-ref" "$work/${name}_ref.y4m" "$dis"
    rm -f "$work/${name}_ref.y4m"
  fi
done
[ $failed = 0 ] && echo PASS || { echo FAIL; exit 1; }
