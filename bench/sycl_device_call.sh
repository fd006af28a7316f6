#!/usr/bin/env bash
# One device call: the SYCL backend on an NVIDIA GPU (AdaptiveCpp's CUDA backend) beside
# CUDA, as bench/results/h200-2026-12-02-sycl-twins.md was measured. Run from a folder that
# holds bin.tar.xz (bin/: fastvmaf, libfastvmaf_sycl.so, the gpu_*_test binaries,
# gpu_twin_bench and gpu_twin_bench_sycl of the device preset), sycl-h200-runtime.tar.xz
# (../shared/toolchains/adaptivecpp), ds/ (.y4m.xz pairs of the device set), loop_y4m.py and
# optionally nf.tar.xz (the Netflix pairs); $OUT collects the logs.
#   STEPS="parity sanitize bench e2e" (default "parity bench"); see each step's variables
#   (sanitize: SAN_TOOLS, SAN_TESTS, SAN_FILTER, SAN_TIMEOUT).
set -u
D=$(cd "$(dirname "$0")" && pwd)
cd "$D"
# Unpacked once per call: a second instance (a step run beside another) finds it done.
if [ ! -f .unpacked ]; then
  tar xJf bin.tar.xz && mkdir -p rt && tar xJf sycl-h200-runtime.tar.xz -C rt
  mkdir -p dsx && for f in ds/*.xz; do xz -dc "$f" > dsx/$(basename "$f" .xz); done
  [ -f nf.tar.xz ] && mkdir -p nf && tar xJf nf.tar.xz -C nf
  touch .unpacked
fi
export LD_LIBRARY_PATH="$D/rt/lib:$D/rt/lib/hipSYCL/llvm-to-backend${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export ACPP_VISIBILITY_MASK=cuda ACPP_APPDB_DIR="$D/appdb" FASTVMAF_SYCL_MODULE="$D/bin/libfastvmaf_sycl.so"
export FASTVMAF_DEVICE_SET="$D/dsx" FASTVMAF_GPU_CACHE="$D/cache" FASTVMAF_SYCL_DEVICE=gpu
[ -d nf ] && export FASTVMAF_NETFLIX_SET="$(dirname $(find nf -name pairs.tsv | head -1))"
mkdir -p appdb cache "$OUT"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
t() { python3 -c "import time; print(time.time())"; }
for step in ${STEPS:-parity bench}; do
  case $step in
  parity)
    for t in ${TESTS:-psnr motion adm vif cambi speed session models}; do
      for b in ${PARITY_BACKENDS:-sycl}; do
        s=$(t); timeout 400 bin/gpu_${t}_*test --backend=$b > "$OUT/${b}_$t.log" 2>&1; rc=$?; e=$(t)
        echo "== $b $t rc=$rc $(python3 -c "print(round($e-$s,1))")s: $(grep -E '^\[  (PASSED|FAILED)|device:' "$OUT/${b}_$t.log" | sort -u | head -3 | tr '\n' ' ')"
        [ $rc -ne 0 ] && grep -E "Failure|error|differ|Expected|which is" "$OUT/${b}_$t.log" | head -15
      done
    done;;
  sanitize)
    # The runs go side by side (correctness tools, nothing timed): one call covers every
    # tool on every twin. The JIT cache is filled once first, outside the sanitizer.
    bin/gpu_psnr_parity_test --backend=sycl --gtest_filter='*tiny*' > "$OUT/san_warm.log" 2>&1
    for tool in ${SAN_TOOLS:-memcheck racecheck synccheck}; do
      for t in ${SAN_TESTS:-psnr motion adm vif cambi speed}; do
        ( timeout ${SAN_TIMEOUT:-500} compute-sanitizer --tool $tool --error-exitcode 9 bin/gpu_${t}_parity_test --backend=sycl --gtest_filter="${SAN_FILTER:-*lake_dusk*:*tiny*}" > "$OUT/san_${tool}_$t.log" 2>&1
          echo "== compute-sanitizer $tool sycl $t rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED' "$OUT/san_${tool}_$t.log" | sort -u | tr '\n' ' ')" ) &
      done
    done
    wait;;
  bench)
    for sz in ${BENCH_SIZES:-lake_dusk_pan_576x324_8bit interior_lamps_pan_1920x1080_8bit}; do
      for f in ${BENCH_FEATURES:-psnr motion adm vif cambi speed_chroma speed_temporal}; do
        for b in gpu_twin_bench gpu_twin_bench_sycl ${BENCH_EXTRA:-}; do
          timeout 120 bin/$b --iterations ${ITER:-300} --feature $f dsx/${sz}_ref.y4m dsx/${sz}_dis.y4m 2>&1 | grep "^|.*x" | sed "s/^/$b $f /"
        done
      done
    done;;
  e2e)
    n=${E2E_FRAMES:-480}
    for sz in ${E2E_SIZES:-interior_lamps_pan_1920x1080_8bit lake_dusk_pan_576x324_8bit}; do
      python3 loop_y4m.py dsx/${sz}_ref.y4m long_ref.y4m $n; python3 loop_y4m.py dsx/${sz}_dis.y4m long_dis.y4m $n
      cat long_ref.y4m long_dis.y4m > /dev/null
      for m in vmaf_v0.6.1 vmaf_v1.0.16_3d0h; do
        for rep in 1 2; do
          for b in cuda sycl; do
            s=$(t); bin/fastvmaf -r long_ref.y4m -d long_dis.y4m -m version=$m --backend $b --json -o "$OUT/e2e_${b}.json" -q > /dev/null 2> "$OUT/e2e_err.log"; rc=$?; e=$(t)
            echo "e2e $sz $n frames $m $b rep$rep rc=$rc $(python3 -c "print(round($n/($e-$s),1))") fps"
          done
          python3 -c "import json,sys; a,b=(json.load(open(p)) for p in sys.argv[1:]); print('   values equal:', a['frames']==b['frames'] and a['pooled_metrics']==b['pooled_metrics'])" "$OUT/e2e_cuda.json" "$OUT/e2e_sycl.json"
        done
      done
    done;;
  esac
done
