#!/bin/bash
# FFmpeg's libvmaf_cuda and libvmaf filters on fastvmaf's libvmaf.so.3, beside NVDEC's own
# decode rate, in one call (issue 28's table). Whole ffmpeg processes, wall time; each row
# twice, as end-to-end times on a shared host move between runs.
#
#   bench/ffmpeg_filter_bench.sh FFMPEG REF DIS FRAMES [MODEL...]
#
# FFMPEG: an ffmpeg built from FFmpeg's source against fastvmaf's installed library
# (docs/ffmpeg.md), with that library's folder on LD_LIBRARY_PATH. REF, DIS: two encodes of
# one clip that NVDEC decodes (H.264, HEVC, VP9). FRAMES: their frame count. MODELs:
# libvmaf version names (default vmaf_v0.6.1 vmaf_v1.0.16_3d0h). THREADS (environment,
# default: every core) for the CPU rows.
#
# Rows: "nvdec" decodes both streams on the device (frames stay there); "nvdec+scale_cuda"
# also makes them yuv420p, as the libvmaf_cuda filter needs; "libvmaf_cuda" scores those
# device frames (FFmpeg copies their luma into fastvmaf's device pictures); "libvmaf nvdec
# cuda" gives FFmpeg's CPU filter NVDEC's frames (downloaded) and scores on CUDA
# (FASTVMAF_BACKEND=cuda: chroma included); "libvmaf cpu" decodes and scores on the CPU.
# UPSTREAM (environment): a folder holding upstream libvmaf's libvmaf.so.3 built with CUDA
# (beside the project, never part of it): the same ffmpeg then runs on it for the
# "upstream" rows (same soname and ABI: the binary is not rebuilt); UPSTREAM_CPU=1 adds its
# CPU filter row.
set -u
FF=$1 REF=$2 DIS=$3 N=$4
shift 4
MODELS=${*:-vmaf_v0.6.1 vmaf_v1.0.16_3d0h}
THREADS=${THREADS:-$(nproc)}
OUT=$(mktemp -d)
HW="-hwaccel cuda -hwaccel_output_format cuda"

. "$(dirname "$0")/timed_row.sh"

row() {  # NAME ENV... -- ffmpeg arguments
  local name=$1
  shift
  local env=()
  while [ "$1" != -- ]; do env+=("$1"); shift; done
  shift
  timed_row "$name" "$N" "$OUT/log" env "${env[@]}" "$FF" -hide_banner -loglevel error -nostats -y "$@"
}

echo "ffmpeg filter bench: $(basename "$REF") / $(basename "$DIS"), $N frames, CPU rows on $THREADS threads"
row "nvdec (both streams)" -- $HW -i "$DIS" $HW -i "$REF" -map 0:v -f null - -map 1:v -f null -
row "nvdec+scale_cuda (both streams)" -- $HW -i "$DIS" $HW -i "$REF" \
  -filter_complex "[0:v]scale_cuda=format=yuv420p[d];[1:v]scale_cuda=format=yuv420p[r]" -map "[d]" -f null - -map "[r]" -f null -
for m in $MODELS; do
  row "$m libvmaf_cuda (nvdec)" -- $HW -i "$DIS" $HW -i "$REF" -filter_complex \
    "[0:v]scale_cuda=format=yuv420p[d];[1:v]scale_cuda=format=yuv420p[r];[d][r]libvmaf_cuda=model=version=$m:log_fmt=json:log_path=$OUT/$m.cuda.json" \
    -f null -
  row "$m libvmaf, FASTVMAF_BACKEND=cuda (nvdec)" FASTVMAF_BACKEND=cuda -- -hwaccel cuda -i "$DIS" -hwaccel cuda -i "$REF" \
    -lavfi "[0:v][1:v]libvmaf=model=version=$m:n_threads=$THREADS:log_fmt=json:log_path=$OUT/$m.gpu.json" -f null -
  row "$m libvmaf, cpu (cpu decode)" FASTVMAF_BACKEND=cpu -- -threads "$THREADS" -i "$DIS" -threads "$THREADS" -i "$REF" \
    -lavfi "[0:v][1:v]libvmaf=model=version=$m:n_threads=$THREADS:log_fmt=json:log_path=$OUT/$m.cpu.json" -f null -
  if [ -n "${UPSTREAM:-}" ]; then
    row "$m upstream libvmaf_cuda (nvdec)" LD_LIBRARY_PATH="$UPSTREAM" -- $HW -i "$DIS" $HW -i "$REF" -filter_complex \
      "[0:v]scale_cuda=format=yuv420p[d];[1:v]scale_cuda=format=yuv420p[r];[d][r]libvmaf_cuda=model=version=$m:log_fmt=json:log_path=$OUT/$m.up_cuda.json" \
      -f null -
    [ -n "${UPSTREAM_CPU:-}" ] && row "$m upstream libvmaf, cpu (cpu decode)" LD_LIBRARY_PATH="$UPSTREAM" -- -threads "$THREADS" -i "$DIS" -threads "$THREADS" -i "$REF" \
      -lavfi "[0:v][1:v]libvmaf=model=version=$m:n_threads=$THREADS:log_fmt=json:log_path=$OUT/$m.up_cpu.json" -f null -
  fi
  # The two filters' scores on the same frames (all three planes on the CPU and
  # FASTVMAF_BACKEND=cuda rows; luma only on libvmaf_cuda's).
  pooled() { grep -A4 '"vmaf": {' "$1" 2>/dev/null | grep '"mean"' | tr -d ' ,'; }
  echo "  $m pooled: libvmaf_cuda $(pooled "$OUT/$m.cuda.json"), cuda $(pooled "$OUT/$m.gpu.json"), cpu $(pooled "$OUT/$m.cpu.json")${UPSTREAM:+, upstream libvmaf_cuda $(pooled "$OUT/$m.up_cuda.json"), upstream cpu $(pooled "$OUT/$m.up_cpu.json")}"
done
rm -rf "$OUT"
