#!/usr/bin/env bash
# Results do not depend on --threads: one pair scored with both default models and
# PSNR at 1, 2 and 7 threads (frames in flight and the bands of each frame spread
# differently over threads, core/parallel.hpp) must give byte-identical outputs.
#
# usage: determinism.sh CLI MODEL_DIR REF DIS
set -uo pipefail
cli=$1 models=$2 ref=$3 dis=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export FASTVMAF_MODEL_DIR=$models
for t in 1 2 7; do
  if ! "$cli" -r "$ref" -d "$dis" -m version=vmaf_v0.6.1:name=v061 -m version=vmaf_v1.0.16_3d0h:name=v1 \
      --feature psnr --threads $t --json -o "$work/$t.json" --precision max -q 2> "$work/$t.err"; then
    echo "FAIL threads $t: $(tail -n 3 "$work/$t.err")"
    exit 1
  fi
  grep -v '"fps"' "$work/$t.json" > "$work/$t.cmp"
done
frames=$(grep -c '"frameNum"' "$work/1.json")
[ "$frames" -gt 0 ] || { echo "FAIL no frames scored"; exit 1; }
for t in 2 7; do
  if ! cmp -s "$work/1.cmp" "$work/$t.cmp"; then
    echo "FAIL the output at $t threads differs from 1 thread:"
    diff "$work/1.cmp" "$work/$t.cmp" | head -n 10
    exit 1
  fi
done
echo "ok   $(basename "$dis"): $frames frames, identical at 1, 2 and 7 threads"
