#!/usr/bin/env bash
# fastvmaf throughput and memory table, end to end from .y4m files (whole process:
# reading, every feature, models, output). Prints one markdown table.
#
# usage: bench/run_bench.sh [BUILD_DIR] [--quick]
#   BENCH_CASES="name|pair|args ..."   override the cases (see default_cases below)
#   BENCH_THREADS="1 all"              thread counts ("all" = every hardware thread)
#   BENCH_BACKENDS="cpu"               backends to run (auto, cpu+cuda; cuda@0,0 is
#                                      --backend cuda --gpus 0,0)
#   BENCH_REPEAT=N                     runs per cell; the best is reported (default 2)
#   BENCH_CORPUS=DIR                   read <pair>_{ref,dis}.y4m from DIR instead of
#                                      materializing ../shared/corpus (the device machine)
#   BENCH_LOOP=K                       play each clip K times in a row (short clips: the
#                                      start-up of the process and the device is then a
#                                      small part of the time). Default: the 48-frame
#                                      576x324 clip 10 times, the others once.
#   BENCH_LIBVMAF=PATH                 also run libvmaf's `vmaf` tool (backend "libvmaf")
#                                      with the same arguments, for a side-by-side table
#   BENCH_LIBVMAF_CUDA=PATH            also run a CUDA build of libvmaf's `vmaf` tool
#                                      (backend "libvmaf-cuda", --gpumask 0); a run that
#                                      fell back to its CPU is reported failed, not timed
#   BENCH_BEFORE=PATH                  also run another fastvmaf binary (backend "before",
#                                      on the CPU), e.g. main's, for a before/after table
#   BENCH_FEATURES=1                   default cases plus each feature alone (adm, vif,
#                                      motion)
#   BENCH_CODEC_LOOP=K                 compressed-input cases ("RES CODEC .mkv"): the clip
#                                      played K times (default 4) is encoded once with ffmpeg
#   BENCH_DECODE_THREADS=N             their --decode-threads (default 0: the decoder's choice)
#   BENCH_LONGRUN=1                    default cases plus a 100 000-frame 64x64 pair (ffmpeg's
#                                      testsrc2 and a noisy copy), v0.6.1 with its JSON output:
#                                      the memory a long run's series and output take
set -euo pipefail
build=${1:-build}
quick=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)
shared=${FASTVMAF_SHARED_DIR:-$here/../shared}
cli=$build/src/fastvmaf
corpus=${BENCH_CORPUS:-$build/corpus}
libvmaf=${BENCH_LIBVMAF:-}
libvmaf_cuda=${BENCH_LIBVMAF_CUDA:-}
before=${BENCH_BEFORE:-}
export FASTVMAF_MODEL_DIR=${FASTVMAF_MODEL_DIR:-$shared/models}
[ -n "${BENCH_CORPUS:-}" ] || "$here/tests/golden/materialize_corpus.sh" "$shared" "$corpus" >/dev/null

# The pairs of the table: 576x324, 1920x1080, 3840x2160 (8-bit 4:2:0 corpus clips).
declare -A PAIR=(
  [576x324]=lake_dusk_pan_576x324_8bit
  [1920x1080]=fog_pier_pan_1920x1080_8bit
  [3840x2160]=bridge_sky_pan_3840x2160_8bit
)

# A pair played N times in a row (its frames repeated): prints the base of its files.
looped() {
  local p=$1 n=$2 out=$build/bench/${1}_x$2
  mkdir -p "$build/bench"
  for k in ref dis; do
    local src=$corpus/${p}_$k.y4m dst=${out}_$k.y4m
    if [ ! -f "$dst" ]; then
      head -n 1 "$src" > "$dst.part"
      local hl; hl=$(head -n 1 "$src" | wc -c)
      for _ in $(seq "$n"); do tail -c +$((hl + 1)) "$src" >> "$dst.part"; done
      mv "$dst.part" "$dst"
    fi
  done
  echo "$out"
}

# A 4K pair three times as long (24 frames), for the bounded-memory row.
long4k() { looped "${PAIR[3840x2160]}" 3; }

# 100 000 frames of 64x64 (testsrc2, and the same with temporal noise), made once.
longrun64() {
  local out=$build/bench/testsrc2_64x64_x100000
  mkdir -p "$build/bench"
  if [ ! -f "${out}_dis.y4m" ]; then
    ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc2=size=64x64:rate=25 -frames:v 100000 \
      -pix_fmt yuv420p -f yuv4mpegpipe "${out}_ref.y4m.part" && mv "${out}_ref.y4m.part" "${out}_ref.y4m"
    ffmpeg -nostdin -loglevel error -y -i "${out}_ref.y4m" -vf noise=alls=10:allf=t -pix_fmt yuv420p \
      -f yuv4mpegpipe "${out}_dis.y4m.part" && mv "${out}_dis.y4m.part" "${out}_dis.y4m"
  fi
  echo "$out"
}

# Compressed input: BASE_dis.y4m encoded once with CODEC (h264: x264 medium crf 23; hevc:
# x265 fast crf 28) into BASE_dis.CODEC.mkv, and that encode decoded once by ffmpeg into
# BASE_dis.CODEC.y4m, so the .mkv row and the pre-decoded row score the same frames.
encoded() {
  local base=$1 codec=$2 enc
  case $codec in
    h264) enc="-c:v libx264 -preset medium -crf 23" ;;
    hevc) enc="-c:v libx265 -preset fast -crf 28 -x265-params log-level=error" ;;
    *) echo "unknown codec $codec" >&2; exit 1 ;;
  esac
  local mkv=${base}_dis.$codec.mkv y4m=${base}_dis.$codec.y4m
  if [ ! -f "$mkv" ]; then
    # shellcheck disable=SC2086
    ffmpeg -nostdin -loglevel error -y -i "${base}_dis.y4m" $enc "$mkv.part.mkv" && mv "$mkv.part.mkv" "$mkv"
  fi
  if [ ! -f "$y4m" ]; then
    ffmpeg -nostdin -loglevel error -y -i "$mkv" -map 0:v:0 -fps_mode passthrough -strict -1 \
      -f yuv4mpegpipe "$y4m.part" && mv "$y4m.part" "$y4m"
  fi
}

default_cases() {
  # name | resolution | fastvmaf arguments [| thread counts, overriding BENCH_THREADS]
  for r in 576x324 1920x1080 3840x2160; do
    echo "psnr|$r|-n --feature psnr"
    echo "cambi|$r|-n --feature cambi"
    echo "vmaf_v0.6.1|$r|-m version=vmaf_v0.6.1"
    echo "vmaf_v1.0.16_3d0h|$r|-m version=vmaf_v1.0.16_3d0h"
    if [ -n "${BENCH_FEATURES:-}" ]; then
      for f in adm vif motion; do echo "$f|$r|-n --feature $f"; done
    fi
  done
  # Compressed distorted input scored directly (.mkv), beside the same frames pre-decoded
  # to .y4m by ffmpeg, in the same run.
  for r in 1920x1080 3840x2160; do
    for c in h264 hevc; do
      for m in "psnr|-n --feature psnr" "vmaf_v0.6.1|-m version=vmaf_v0.6.1"; do
        echo "${m%%|*}|$r $c .mkv|${m#*|}"
        echo "${m%%|*}|$r $c pre-decoded .y4m|${m#*|}"
      done
    done
  done
  # libvmaf's other CPU extractors, at 1080p (24 frames).
  echo "float_ssim|1920x1080|-n --feature float_ssim"
  echo "float_ms_ssim|1920x1080|-n --feature float_ms_ssim"
  echo "psnr_hvs|1920x1080|-n --feature psnr_hvs"
  echo "ciede|1920x1080|-n --feature ciede"
  # Bounded memory: a 24-frame 4K pair with 16 threads (libvmaf's CLI peaks at 3.6 GB).
  echo "vmaf_v0.6.1|3840x2160x24|-m version=vmaf_v0.6.1|16"
  echo "vmaf_v1.0.16_3d0h|3840x2160x24|-m version=vmaf_v1.0.16_3d0h|16"
  if [ -n "${BENCH_LONGRUN:-}" ]; then
    echo "vmaf_v0.6.1|64x64x100000|-m version=vmaf_v0.6.1|1 2"
  fi
}

cases=${BENCH_CASES:-$(default_cases)}
threads_list=${BENCH_THREADS:-1 all}
backends=${BENCH_BACKENDS:-cpu}
[ -z "$before" ] || backends="before $backends"
[ -z "$libvmaf" ] || backends="$backends libvmaf"
[ -z "$libvmaf_cuda" ] || backends="$backends libvmaf-cuda"
repeat=${BENCH_REPEAT:-2}
[ "$quick" = "--quick" ] && repeat=1
ncpu=$(nproc)
# Peak RSS through GNU time where the machine has it (the device machine may not).
run_timed() {
  if [ -x /usr/bin/time ]; then /usr/bin/time -f "%M" -o "$log.time" "$@"; else "$@"; fi
}

cpu_name=$(lscpu | sed -n 's/^Model name:[[:space:]]*//p' | head -n 1)
gpu_name=$(command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 || true)
echo "machine: $cpu_name, $ncpu hardware threads, $(free -g | awk '/^Mem:/{print $2}') GiB${gpu_name:+, $gpu_name}; fastvmaf $($cli --version | head -n 1 | cut -d' ' -f2), $($cli --version | sed -n 2p)${before:+; before: $before}${libvmaf:+; libvmaf: $libvmaf}${libvmaf_cuda:+; libvmaf CUDA: $libvmaf_cuda}"
echo
echo "| case | resolution | backend | threads | frames | fps | ms/frame | peak RSS (MiB) |"
echo "|---|---|---|---|---|---:|---:|---:|"
while IFS='|' read -r name res args case_threads; do
  [ -n "$name" ] || continue
  read -r size codec kind <<< "$res"
  extra=""
  if [ "$res" = "3840x2160x24" ]; then
    base=$(long4k)
  elif [ "$res" = "64x64x100000" ]; then
    command -v ffmpeg >/dev/null || { echo "| $name | $res | - | - | - | skipped: no ffmpeg | | |"; continue; }
    base=$(longrun64)
  elif [ -n "$codec" ]; then
    command -v ffmpeg >/dev/null || { echo "| $name | $res | - | - | - | skipped: no ffmpeg | | |"; continue; }
    base=$(looped "${PAIR[$size]}" "${BENCH_CODEC_LOOP:-4}")
    encoded "$base" "$codec"
  else
    loop=${BENCH_LOOP:-$([ "$res" = 576x324 ] && echo 10 || echo 1)}
    if [ "$loop" -gt 1 ]; then base=$(looped "${PAIR[$res]}" "$loop"); else base=$corpus/${PAIR[$res]}; fi
  fi
  ref=${base}_ref.y4m
  dis=${base}_dis.y4m
  if [ "$kind" = .mkv ]; then
    dis=${base}_dis.$codec.mkv
    extra="--decode-threads ${BENCH_DECODE_THREADS:-0}"
  elif [ -n "$codec" ]; then
    dis=${base}_dis.$codec.y4m
  fi
  for backend in $backends; do
    # libvmaf's tool reads no compressed files.
    [ "${backend%-cuda}" = libvmaf ] && [ "$kind" = .mkv ] && continue
    for t in ${case_threads:-$threads_list}; do
      tn=$t; [ "$t" = all ] && tn=$ncpu
      best=""; rss=""; dec=""
      for _ in $(seq "$repeat"); do
        log=$(mktemp)
        t0=$(date +%s%N)
        case $backend in
          libvmaf) tool=("$libvmaf") ;;
          libvmaf-cuda) tool=("$libvmaf_cuda" --gpumask 0) ;;
          before) tool=("$before" --backend cpu) ;;
          *@*) tool=("$cli" --backend "${backend%@*}" --gpus "${backend#*@}") ;;  # cuda@0,0: --gpus 0,0
          *) tool=("$cli" --backend "$backend") ;;
        esac
        # shellcheck disable=SC2086
        run_timed "${tool[@]}" -r "$ref" -d "$dis" $args $extra --threads "$tn" \
          -q --json -o "$log.json" >/dev/null 2>"$log.err" || {
          echo "| $name | $res | $backend | $tn | - | failed: $(tail -n 1 "$log.err") | | |"; continue 2; }
        if [ "$backend" = libvmaf-cuda ] && grep -q "using CPU" "$log.err"; then
          echo "| $name | $res | $backend | $tn | - | failed: no CUDA device (it ran on its CPU) | | |"; continue 2
        fi
        t1=$(date +%s%N)
        # The decoder's threads, from fastvmaf's note ("h264 ..., 3 decoder threads").
        dec=$(sed -n 's/.*, \([0-9]*\) decoder threads*$/\1/p' "$log.err" | head -n 1)
        secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN{ printf "%.6f", (b - a) / 1e9 }')
        kb=$( [ -s "$log.time" ] && tail -n 1 "$log.time" || echo 0)
        n=$(grep -c '"frameNum"' "$log.json")
        fps=$(awk -v n="$n" -v s="$secs" 'BEGIN{ if (s <= 0) s = 0.01; printf "%.1f", n / s }')
        if [ -z "$best" ] || awk -v a="$fps" -v b="$best" 'BEGIN{exit !(a > b)}'; then best=$fps; fi
        rss=$( [ "$kb" -gt 0 ] && echo $(( kb / 1024 )) || echo "-")
        rm -f "$log" "$log.time" "$log.json" "$log.err"
      done
      ms=$(awk -v f="$best" 'BEGIN{ if (f > 0) printf "%.3f", 1000 / f; else print "-" }')
      echo "| $name | $res${dec:+, $dec decoder threads} | $backend | $tn | $n | $best | $ms | $rss |"
    done
  done
done <<< "$cases"
