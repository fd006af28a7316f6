#!/usr/bin/env bash
# Results do not depend on --threads: one pair scored with both default models and
# PSNR at 1, 2 and 7 threads (frames in flight and the bands of each frame spread
# differently over threads, core/parallel.hpp) must give byte-identical outputs; nor on
# --segment-frames (the run cut into segments of 1 and 7 frames, put back together:
# docs/adr/0013-segments.md).
#
# usage: determinism.sh CLI MODEL_DIR REF DIS
set -uo pipefail
cli=$1 models=$2 ref=$3 dis=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export FASTVMAF_MODEL_DIR=$models
# Variant names: the thread count, or sN for 2 threads cut into segments of N frames.
for t in 1 2 7 s1 s7; do
  args="--threads $t"
  case $t in s*) args="--threads 2 --segment-frames ${t#s}" ;; esac
  if ! "$cli" -r "$ref" -d "$dis" -m version=vmaf_v0.6.1:name=v061 -m version=vmaf_v1.0.16_3d0h:name=v1 \
      --feature psnr=enable_apsnr=true $args --json -o "$work/$t.json" --precision max -q 2> "$work/$t.err"; then
    echo "FAIL $args: $(tail -n 3 "$work/$t.err")"
    exit 1
  fi
  grep -v '"fps"' "$work/$t.json" > "$work/$t.cmp"
done
frames=$(grep -c '"frameNum"' "$work/1.json")
[ "$frames" -gt 0 ] || { echo "FAIL no frames scored"; exit 1; }
for t in 2 7 s1 s7; do
  if ! cmp -s "$work/1.cmp" "$work/$t.cmp"; then
    echo "FAIL the output with $t (threads, or sN: segments of N frames) differs from 1 thread:"
    diff "$work/1.cmp" "$work/$t.cmp" | head -n 10
    exit 1
  fi
done
echo "ok   $(basename "$dis"): $frames frames, identical at 1, 2 and 7 threads and in segments of 1 and 7 frames"
