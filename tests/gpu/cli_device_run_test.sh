#!/usr/bin/env bash
# The CLI on a GPU, whole process: the exit status, a complete output file equal to the
# CPU's in every frame and pooled value, the scores on stdout, and for --batch every
# pair's output, the summary and a failing pair's exit status 1. Exits 77 when the
# backend has no usable device.
#
# usage: cli_device_run_test.sh FASTVMAF DEVICE_SET_DIR [cuda|hip]
set -u
cli=$1 set=$2 backend=${3:-cuda}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
pair=lake_dusk_pan_576x324_8bit
for k in ref dis; do
  if [ -f "$set/${pair}_$k.y4m" ]; then cp "$set/${pair}_$k.y4m" "$work/$k.y4m"
  elif [ -f "$set/${pair}_$k.y4m.xz" ]; then xz -dc "$set/${pair}_$k.y4m.xz" > "$work/$k.y4m" || fail "xz"
  else echo "SKIP: no device set at $set"; exit 77; fi
done
args=(-r "$work/ref.y4m" -d "$work/dis.y4m" -m version=vmaf_v0.6.1 --feature psnr --json)
if ! "$cli" "${args[@]}" --backend "$backend" -o "$work/gpu.json" > "$work/gpu.out" 2> "$work/gpu.err"; then
  if grep -q -E -- "--backend $backend: (no [A-Z]+ device|this build has no)" "$work/gpu.err"; then
    echo "SKIP: $(head -n 1 "$work/gpu.err")"; exit 77
  fi
  cat "$work/gpu.err"; fail "the $backend run failed"
fi
"$cli" "${args[@]}" --backend cpu -o "$work/cpu.json" > "$work/cpu.out" 2>&1 || fail "the cpu run failed"
grep -q "^vmaf_v0.6.1: " "$work/gpu.out" || fail "no score on stdout after the $backend run"
cmp -s "$work/gpu.out" "$work/cpu.out" || fail "stdout differs: $(cat "$work/gpu.out") vs $(cat "$work/cpu.out")"
python3 - "$work/cpu.json" "$work/gpu.json" <<'PY' || fail "outputs differ"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for key in ("frames", "pooled_metrics", "aggregate_metrics"):
    if json.dumps(a[key], sort_keys=True) != json.dumps(b[key], sort_keys=True):
        sys.exit(f"{key} differs")
print(f"  {len(a['frames'])} frames, every value equal")
PY
# --batch: two good pairs and a missing one; the outputs, the summary and status 1.
printf '%s\t%s\t%s\n' "$work/ref.y4m" "$work/dis.y4m" "$work/b1.json" "$work/ref.y4m" "$work/dis.y4m" "$work/b2.json" \
  "$work/ref.y4m" "$work/missing.y4m" "$work/b3.json" > "$work/batch.tsv"
"$cli" --batch "$work/batch.tsv" -m version=vmaf_v0.6.1 --feature psnr --json --backend "$backend" \
  > "$work/batch.out" 2> "$work/batch.err"
rc=$?
[ $rc = 1 ] || fail "--batch with a missing file exited $rc, not 1"
[ "$(grep -c $'\tok\t' "$work/batch.out")" = 2 ] || fail "--batch summary: $(cat "$work/batch.out")"
grep -q $'\tfailed\t' "$work/batch.out" || fail "--batch summary lacks the failed pair"
[ ! -e "$work/b3.json" ] || fail "the failed pair left an output"
for k in 1 2; do
  python3 -c "import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2])); sys.exit(a['frames']!=b['frames'] or a['pooled_metrics']!=b['pooled_metrics'])" \
    "$work/cpu.json" "$work/b$k.json" || fail "batch output $k differs from the cpu run"
done
echo "PASS"
