#!/bin/bash
# fastvmaf on compressed files: NVDEC decoding into device memory (--hwdec cuda) against
# libavcodec on the CPU feeding the same CUDA run (--hwdec none) and the CPU path, beside
# NVDEC's own decode rate (ffmpeg, both streams, frames left on the device), in one call
# (issue 28's table). Whole processes, wall time; each row twice, as end-to-end times on a
# shared host move between runs.
#
#   bench/hwdec_bench.sh FASTVMAF REF DIS FRAMES [MODEL...]
#
# REF, DIS: two encodes of one clip that NVDEC decodes. FRAMES: their frame count.
# MODELs: version names (default vmaf_v0.6.1 vmaf_v1.0.16_3d0h). FFMPEG (environment): an
# ffmpeg with NVDEC for the "nvdec alone" row (skipped without it). THREADS (environment,
# default: every core) for the CPU rows.
set -u
FV=$1 REF=$2 DIS=$3 N=$4
shift 4
MODELS=${*:-vmaf_v0.6.1 vmaf_v1.0.16_3d0h}
THREADS=${THREADS:-$(nproc)}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

. "$(dirname "$0")/timed_row.sh"

row() {  # NAME -- command...: its rows, then what the command said about NVDEC
  local name=$1
  shift 2
  timed_row "$name" "$N" "$OUT/log" "$@" || return
  grep -h "NVDEC\|not on the GPU" "$OUT/log" | head -2 | sed 's/^/    /'
}

echo "hwdec bench: $(basename "$REF") / $(basename "$DIS"), $N frames, CPU rows on $THREADS threads"
if [ -n "${FFMPEG:-}" ]; then
  HW="-hwaccel cuda -hwaccel_output_format cuda"
  row "nvdec alone (ffmpeg, both streams)" -- "$FFMPEG" -hide_banner -loglevel error -nostats -y $HW -i "$DIS" $HW -i "$REF" \
    -map 0:v -f null - -map 1:v -f null -
fi
for m in $MODELS; do
  common=(-r "$REF" -d "$DIS" -m "version=$m" --json -o "$OUT/$m.json")
  row "$m cuda, nvdec decode (--hwdec cuda)" -- "$FV" "${common[@]}" --backend cuda --hwdec cuda
  mv "$OUT/$m.json" "$OUT/$m.nvdec.json" 2>/dev/null
  row "$m cuda, cpu decode (--hwdec none)" -- "$FV" "${common[@]}" --backend cuda --hwdec none
  mv "$OUT/$m.json" "$OUT/$m.cpudec.json" 2>/dev/null
  row "$m cpu, $THREADS threads" -- "$FV" "${common[@]}" --backend cpu --threads "$THREADS"
  python3 - "$OUT/$m.json" "$OUT/$m.nvdec.json" "$OUT/$m.cpudec.json" <<'PY'
import json, sys
import os
if not all(os.path.exists(p) for p in sys.argv[1:]):
    sys.exit(print("    not compared: a run failed") or 0)
a = [json.load(open(p)) for p in sys.argv[1:]]
same = all(x["frames"] == a[0]["frames"] and x["pooled_metrics"] == a[0]["pooled_metrics"] for x in a)
print("    every value equal across the three" if same else "    VALUES DIFFER")
PY
done
