#!/usr/bin/env bash
# Issue 30's table for --backend auto (docs/adr/0015-hybrid-and-multi-gpu.md): the bench
# clips (576x324, 1080p, 4K) played 1 to 100 times, v0.6.1, v1 and cambi, every hardware
# thread, with cpu, cuda, auto and two pipelines on device 0 side by side in one call of
# bench/run_bench.sh per length (whole process, best of BENCH_REPEAT). Run on the GPU host.
#
# usage: bench/hybrid_bench.sh [BUILD_DIR]
#   HYBRID_BACKENDS   default "cpu cuda auto cuda@0,0 cpu+cuda@0,0"
#   HYBRID_LOOPS      default: 576x324 "1 10 100", 1920x1080 and 3840x2160 "1 10 50"
#                     (the corpus clips: 48 frames at 576x324, 24 at 1080p and 4K)
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
backends=${HYBRID_BACKENDS:-cpu cuda auto cuda@0,0 cpu+cuda@0,0}
for res in 576x324 1920x1080 3840x2160; do
  loops=${HYBRID_LOOPS:-$([ $res = 576x324 ] && echo "1 10 100" || echo "1 10 50")}
  for loop in $loops; do
    echo "### $res, clip played $loop times"
    BENCH_LOOP=$loop BENCH_THREADS=all BENCH_BACKENDS="$backends" \
      BENCH_CASES="vmaf_v0.6.1|$res|-m version=vmaf_v0.6.1
vmaf_v1.0.16_3d0h|$res|-m version=vmaf_v1.0.16_3d0h
cambi|$res|-n --feature cambi" "$here/run_bench.sh" "$build"
    echo
  done
done
# A 1-frame run: auto against the CPU (target: within 2 ms).
echo "### one frame"
BENCH_LOOP=1 BENCH_THREADS=all BENCH_REPEAT=${BENCH_REPEAT:-5} BENCH_BACKENDS="cpu auto cuda" \
  BENCH_CASES="vmaf_v0.6.1|576x324|-m version=vmaf_v0.6.1 --frame_cnt 1
vmaf_v0.6.1|1920x1080|-m version=vmaf_v0.6.1 --frame_cnt 1" "$here/run_bench.sh" "$build"
