#!/usr/bin/env bash
# --sycl-device on the CLI: "cpu" picks the SYCL CPU device and scores equal the CPU
# engine's; a device number that does not exist, and a word that is no selector, are
# errors that list the devices, with exit status 2 or more and no output file.
#
# usage: cli_sycl_device_test.sh FASTVMAF DEVICE_SET_DIR
set -u
cli=$1 set=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
pair=lake_dusk_pan_576x324_8bit
for k in ref dis; do
  if [ -f "$set/${pair}_$k.y4m" ]; then cp "$set/${pair}_$k.y4m" "$work/$k.y4m"
  elif [ -f "$set/${pair}_$k.y4m.xz" ]; then xz -dc "$set/${pair}_$k.y4m.xz" > "$work/$k.y4m" || fail "xz"
  else echo "SKIP: no device set at $set"; exit 77; fi
done
args=(-r "$work/ref.y4m" -d "$work/dis.y4m" -m version=vmaf_v0.6.1 --feature psnr --frame_cnt 3 --json)
if ! "$cli" "${args[@]}" --backend sycl --sycl-device cpu -o "$work/sycl.json" > "$work/out" 2> "$work/err"; then
  if grep -q -E -- "--backend sycl: (no SYCL device|this build has no)" "$work/err"; then
    echo "SKIP: $(head -n 1 "$work/err")"; exit 77
  fi
  cat "$work/err"; fail "the sycl run on the CPU device failed"
fi
grep -q "backend sycl: .*OpenMP\|backend sycl: .*cpu" "$work/err" "$work/out" || true
"$cli" "${args[@]}" --backend cpu -o "$work/cpu.json" > /dev/null 2>&1 || fail "the cpu run failed"
python3 - "$work/cpu.json" "$work/sycl.json" <<'PY' || fail "outputs differ"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for key in ("frames", "pooled_metrics", "aggregate_metrics"):
    if json.dumps(a[key], sort_keys=True) != json.dumps(b[key], sort_keys=True):
        sys.exit(f"{key} differs")
print(f"  --sycl-device cpu: {len(a['frames'])} frames, every value equal to --backend cpu")
PY
for bad in 99 fastest; do
  rm -f "$work/bad.json"
  "$cli" "${args[@]}" --backend sycl --sycl-device "$bad" -o "$work/bad.json" > /dev/null 2> "$work/bad.err"
  rc=$?
  [ $rc -ge 1 ] || fail "--sycl-device $bad exited $rc"
  [ ! -e "$work/bad.json" ] || fail "--sycl-device $bad left an output file"
  grep -q "devices: 0: " "$work/bad.err" || fail "--sycl-device $bad: no device list in: $(cat "$work/bad.err")"
  echo "  --sycl-device $bad: exit $rc, $(head -c 200 "$work/bad.err")"
done
echo PASS
