#!/usr/bin/env bash
# An encoding ladder on a GPU, whole process: one reference against several distorted
# videos in one pass (the reference uploaded once a frame, each encode's pipeline copying
# it on the device) gives every encode the output of its single-pair run on the same
# backend and on the CPU, value for value (fps aside). Exits 77 when the backend has no
# usable device.
#
# usage: cli_ladder_test.sh FASTVMAF DEVICE_SET_DIR [cuda|hip]
set -u
cli=$1 set=$2 backend=${3:-cuda}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
ref=lake_dusk_pan_576x324_8bit_ref
encodes=(lake_dusk_pan_576x324_8bit_dis bridge_sky_zoom_576x324_8bit_dis kite_sky_zoom_576x324_8bit_dis lake_dusk_pan_576x324_8bit_ref)
for f in "$ref" "${encodes[@]}"; do
  [ -f "$set/$f.y4m.xz" ] || { echo "SKIP: no $f in $set"; exit 77; }
  [ -f "$work/$f.y4m" ] || xz -dc "$set/$f.y4m.xz" > "$work/$f.y4m" || fail "xz"
done
args=(-m version=vmaf_v0.6.1:name=v061 -m version=vmaf_v1.0.16_3d0h:name=v1 --feature psnr --json --precision max)
dis=()
for e in "${encodes[@]}"; do dis+=(-d "$work/$e.y4m"); done
if ! "$cli" -r "$work/$ref.y4m" "${dis[@]}" "${args[@]}" --backend "$backend" -o "$work/ladder_{name}.json" \
     > "$work/ladder.out" 2> "$work/ladder.err"; then
  if grep -q -E -- "--backend $backend: (no [A-Z]+ device|this build has no)" "$work/ladder.err"; then
    echo "SKIP: $(head -n 1 "$work/ladder.err")"; exit 77
  fi
  cat "$work/ladder.err"; fail "the ladder run failed"
fi
for e in "${encodes[@]}"; do
  "$cli" -r "$work/$ref.y4m" -d "$work/$e.y4m" "${args[@]}" --backend "$backend" -o "$work/single_$e.json" \
    > /dev/null 2>&1 || fail "the single $backend run of $e failed"
  "$cli" -r "$work/$ref.y4m" -d "$work/$e.y4m" "${args[@]}" --backend cpu -o "$work/cpu_$e.json" \
    > /dev/null 2>&1 || fail "the cpu run of $e failed"
  python3 - "$work/ladder_$e.json" "$work/single_$e.json" "$work/cpu_$e.json" <<'PY' || fail "$e: outputs differ"
import json, sys
a, b, c = (json.load(open(p)) for p in sys.argv[1:4])
for key in ("frames", "pooled_metrics", "aggregate_metrics"):
    x, y, z = (json.dumps(d.get(key), sort_keys=True) for d in (a, b, c))
    if x != y: sys.exit(f"{key}: the ladder's differs from the single {sys.argv[2]}")
    if x != z: sys.exit(f"{key}: the ladder's differs from the cpu's")
print(f"  {sys.argv[1].split('ladder_')[1]}: {len(a['frames'])} frames, every value equal to the single run's and the cpu's")
PY
done
echo PASS
