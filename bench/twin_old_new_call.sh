#!/usr/bin/env bash
# One device call comparing two device-preset builds of the twins (a branch against main):
# parity of the chain-sum twins with the new build, ncu's time per kernel of float_ms_ssim
# at 4K for both, gpu_twin_bench device-only (rounds alternating old / new), and issue 29's
# row (v1 + psnr + float_ssim + float_ms_ssim + ciede, --backend cuda, 16 threads) at 4K and
# 1080p against v1 alone, whole process, two rounds, outputs compared.
# Run from a folder holding old.tar.xz and new.tar.xz (each: fastvmaf, gpu_twin_bench and
# gpu_{float_ms_ssim,float_ssim,psnr_hvs}_parity_test, stripped), dsx/ (the device set's
# .y4m.xz of bridge_sky_pan 4K, fog_pier_pan 1080p, bridge_sky_zoom 576x324, and the other
# pairs the parity tests should read) and loop_y4m.py (bench/); tables go to $OUT.
set -u
cd "$(dirname "$0")"
D=$PWD
for v in old new; do mkdir -p x/$v; xz -dc $v.tar.xz | tar -x -C x/$v; done
mkdir -p ds clips
for p in bridge_sky_pan_3840x2160_8bit fog_pier_pan_1920x1080_8bit bridge_sky_zoom_576x324_8bit; do
  for s in ref dis; do xz -dc dsx/${p}_$s.y4m.xz > ds/${p}_$s.y4m; done
done
for s in ref dis; do
  python3 loop_y4m.py ds/bridge_sky_pan_3840x2160_8bit_$s.y4m clips/4k_$s.y4m 120
  python3 loop_y4m.py ds/fog_pier_pan_1920x1080_8bit_$s.y4m clips/hd_$s.y4m 300
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > "$OUT/gpu.txt"
for t in float_ms_ssim float_ssim psnr_hvs; do
  FASTVMAF_DEVICE_SET=$D/dsx timeout 200 x/new/gpu_${t}_parity_test 2>&1 | tail -3
done > "$OUT/parity.txt" 2>&1
P4="ds/bridge_sky_pan_3840x2160_8bit_ref.y4m ds/bridge_sky_pan_3840x2160_8bit_dis.y4m"
PH="ds/fog_pier_pan_1920x1080_8bit_ref.y4m ds/fog_pier_pan_1920x1080_8bit_dis.y4m"
PS="ds/bridge_sky_zoom_576x324_8bit_ref.y4m ds/bridge_sky_zoom_576x324_8bit_dis.y4m"
for v in old new; do
  timeout 120 ncu --print-summary per-kernel --csv --metrics gpu__time_duration.sum \
    x/$v/gpu_twin_bench --iterations 2 --feature float_ms_ssim $P4 > "$OUT/ncu_$v.csv" 2>&1
done
for r in 1 2; do for v in old new; do
  echo "### $v round $r"
  x/$v/gpu_twin_bench --iterations 30 --feature float_ms_ssim $PS $PH $P4 | grep '^| [a-z]'
done; done > "$OUT/twin.txt" 2>&1
ROW="-m version=vmaf_v1.0.16_3d0h --feature psnr --feature float_ssim --feature float_ms_ssim --feature ciede"
fps() {
  local n=$1 a b
  shift
  a=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || { echo FAIL; return; }
  b=$(date +%s.%N)
  awk -v n="$n" -v a="$a" -v b="$b" 'BEGIN { printf "%.1f fps\n", n / (b - a) }'
}
{
  for r in 1 2; do
    for c in 4k:120 hd:300; do
      s=${c%%:*} n=${c##*:}
      echo "$s v1 cuda: $(fps "$n" x/new/fastvmaf -r clips/${s}_ref.y4m -d clips/${s}_dis.y4m \
        -m version=vmaf_v1.0.16_3d0h --backend cuda --threads 16 -o /tmp/v1_$s.json)"
      for v in old new; do
        echo "$s row $v: $(fps "$n" x/$v/fastvmaf -r clips/${s}_ref.y4m -d clips/${s}_dis.y4m $ROW \
          --backend cuda --threads 16 -o /tmp/row_${v}_$s.json)"
      done
    done
  done
  for s in 4k hd; do
    cmp <(grep -v fps /tmp/row_old_$s.json) <(grep -v fps /tmp/row_new_$s.json) && echo "$s row outputs equal"
  done
} > "$OUT/row.txt" 2>&1
cat "$OUT/parity.txt" "$OUT/twin.txt" "$OUT/row.txt"
