#!/usr/bin/env bash
# One device call: issue 30's auto rows (docs/adr/0015-hybrid-and-multi-gpu.md), whole
# process, fps, every configuration twice in a row, configurations alternating per row:
#   cpu, cuda       --backend cpu / cuda, --threads 16
#   auto            --backend auto with bin/fastvmaf
#   auto07          the same with FASTVMAF_AUTO_DEVICE_AFTER_S=0.7 (the device's worth)
#   old             --backend auto with bin/fastvmaf_old, when carried (a build to compare)
# Run from a folder holding bin.tar.xz (bin/fastvmaf of the device preset, optionally
# bin/fastvmaf_old), ds/ (.y4m.xz pairs of the device set: lake_dusk 576x324,
# interior_lamps 1080p, bridge_sky 4K) and loop_y4m.py; $OUT collects the logs. One line a
# row: "<clip> <frames> <model>: cpu a/b cuda a/b ...". ROWS overrides the clips and frame
# counts ("pair max n n ..." entries separated by ';').
set -u
D=$(cd "$(dirname "$0")" && pwd)
cd "$D"
[ -d bin ] || tar xJf bin.tar.xz
mkdir -p dsx
for f in ds/*.xz; do [ -f dsx/$(basename "$f" .xz) ] || xz -dc "$f" > dsx/$(basename "$f" .xz); done
nvidia-smi --query-gpu=name --format=csv,noheader
configs="cpu cuda auto auto07"
[ -x bin/fastvmaf_old ] && configs="$configs old"
# fps of one run of FRAMES frames, or FAIL (the start of its stderr on ours).
one() {
  local n=$1 s
  shift
  s=$(date +%s.%N)
  "$@" > /dev/null 2> "$OUT/err.log" || { echo FAIL; head -c 300 "$OUT/err.log" >&2; return; }
  awk -v n="$n" -v a="$s" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", n / (b - a) }'
}
IFS=';' read -ra rows <<< "${ROWS:-lake_dusk_pan_576x324_8bit 4800 480 1200 4800;interior_lamps_pan_1920x1080_8bit 600 240 600;bridge_sky_pan_3840x2160_8bit 150 48 150}"
for row in "${rows[@]}"; do
  set -- $row
  p=$1 max=$2
  shift 2
  python3 loop_y4m.py dsx/${p}_ref.y4m r.y4m "$max" && python3 loop_y4m.py dsx/${p}_dis.y4m d.y4m "$max" || exit 1
  cat r.y4m d.y4m > /dev/null
  bin/fastvmaf -r r.y4m -d d.y4m --backend cuda --frame_cnt 8 -q > /dev/null 2>&1  # the driver warm
  for n in "$@"; do
    for m in vmaf_v0.6.1 vmaf_v1.0.16_3d0h; do
      line="${p%_8bit} $n $m:"
      for cfg in $configs; do
        v=""
        for rep in 1 2; do
          common=(-r r.y4m -d d.y4m -m version=$m --frame_cnt "$n" --threads 16 -q)
          case $cfg in
            cpu | cuda) f=$(one "$n" bin/fastvmaf "${common[@]}" --backend $cfg) ;;
            auto) f=$(one "$n" bin/fastvmaf "${common[@]}" --backend auto) ;;
            auto07) f=$(one "$n" env FASTVMAF_AUTO_DEVICE_AFTER_S=0.7 bin/fastvmaf "${common[@]}" --backend auto) ;;
            old) f=$(one "$n" bin/fastvmaf_old "${common[@]}" --backend auto) ;;
          esac
          v="$v${v:+/}$f"
        done
        line="$line $cfg $v"
      done
      echo "$line"
    done
  done
done
