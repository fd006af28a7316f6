#!/usr/bin/env bash
# An encoding ladder scored in one pass (several -d, docs/adr/0014-encoding-ladder.md)
# beside the same encodes scored by six separate runs, in one run of this script. The
# ladder: the source encoded with ffmpeg's libx264 (CRF 23, preset veryfast) at 1080p,
# 720p, 540p, 432p, 360p and 270p, each scored against the source after scaling back to
# its size (--scale, bicubic). The reference is given as a .y4m (read once vs six times)
# and as an H.264 file (decoded once vs six times). Every output of the one pass is
# checked against its separate run's (fps aside) before the times are printed. Prints
# one markdown table.
#
# usage: bench/ladder_bench.sh CLI SOURCE.y4m
#   SOURCE     a .y4m; the rungs are scaled from its size (1080p sources give the issue's ladder)
#   BENCH_MODELS="vmaf_v0.6.1 vmaf_v1.0.16_3d0h"   one row per model
#   BENCH_THREADS="2"                             one row per --threads value
#   BENCH_BACKENDS="cpu"                          fastvmaf backends (cuda, hip, sycl: same call)
#   BENCH_REFS="y4m h264"                         the reference as given, and as H.264
#   BENCH_REPEAT=1                                runs of each, alternating, the fastest kept
set -euo pipefail
cli=$1 source=$2
models=${BENCH_MODELS:-vmaf_v0.6.1 vmaf_v1.0.16_3d0h}
threads_list=${BENCH_THREADS:-2}
backends=${BENCH_BACKENDS:-cpu}
refs=${BENCH_REFS:-y4m h264}
repeat=${BENCH_REPEAT:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v ffmpeg >/dev/null || { echo "ladder_bench: needs ffmpeg (libx264) to encode the ladder" >&2; exit 1; }

heights="1080 720 540 432 360 270"
encodes=()
for h in $heights; do
  ffmpeg -v error -y -i "$source" -vf "scale=-2:$h:flags=bicubic" -c:v libx264 -preset veryfast -crf 23 \
    -pix_fmt yuv420p "$work/enc_${h}p.mp4"
  encodes+=("$work/enc_${h}p.mp4")
done
ffmpeg -v error -y -i "$source" -c:v libx264 -preset veryfast -qp 0 -pix_fmt yuv420p "$work/source_h264.mkv"
frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 \
  "$work/enc_1080p.mp4")

secs() { awk -v a="$1" -v b="$2" 'BEGIN{ printf "%.3f", (b - a) / 1e9 }'; }
min() { if [ -z "$1" ] || awk -v s="$2" -v b="$1" 'BEGIN{ exit !(s < b) }'; then echo "$2"; else echo "$1"; fi; }
separate() { # ref model backend threads
  local e
  for e in "${encodes[@]}"; do
    "$cli" -r "$1" -d "$e" --scale -m "version=$2" --backend "$3" --threads "$4" --json --precision max -q \
      -o "$work/sep/$(basename "$e" .mp4).json" 2>>"$work/err"
  done
}
one_pass() { # ref model backend threads
  local args=() e
  for e in "${encodes[@]}"; do args+=(-d "$e"); done
  "$cli" -r "$1" "${args[@]}" --scale -m "version=$2" --backend "$3" --threads "$4" --json --precision max -q \
    -o "$work/one/{name}.json" >/dev/null 2>>"$work/err"
}

echo "source: $(basename "$source"), $frames frames; ladder: ${heights// /p, }p (libx264 CRF 23 veryfast), scored at"\
     "the source's size (--scale); $(nproc) hardware threads"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| reference | model | backend | threads | six separate runs (s) | one pass (s) | speed-up |"
echo "|---|---|---|---:|---:|---:|---:|"
for ref_kind in $refs; do
  ref=$source
  [ "$ref_kind" = h264 ] && ref=$work/source_h264.mkv
  for model in $models; do
    for b in $backends; do
      for t in $threads_list; do
        rm -rf "$work/sep" "$work/one"; mkdir "$work/sep" "$work/one"
        # Side by side: the two alternate, so a load that comes and goes touches both alike;
        # the fastest of each is kept.
        s_sep= s_one=
        for _ in $(seq "$repeat"); do
          t0=$(date +%s%N); separate "$ref" "$model" "$b" "$t"; t1=$(date +%s%N)
          s_sep=$(min "$s_sep" "$(secs "$t0" "$t1")")
          t0=$(date +%s%N); one_pass "$ref" "$model" "$b" "$t"; t1=$(date +%s%N)
          s_one=$(min "$s_one" "$(secs "$t0" "$t1")")
        done
        for e in "${encodes[@]}"; do
          n=$(basename "$e" .mp4)
          cmp -s <(grep -v '"fps"' "$work/sep/$n.json") <(grep -v '"fps"' "$work/one/$n.json") ||
            { echo "ladder_bench: $n: the one pass's output differs from its separate run's" >&2; exit 1; }
        done
        awk -v r="$ref_kind" -v m="$model" -v b="$b" -v t="$t" -v s="$s_sep" -v o="$s_one" \
          'BEGIN{ printf "| %s | %s | %s | %d | %.2f | %.2f | %.2fx |\n", r, m, b, t, s, o, s / o }'
      done
    done
  done
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
