#!/usr/bin/env bash
# Workers (docs/adr/0015-hybrid-and-multi-gpu.md), whole process: the CPU and a device
# together (--backend cpu+BACKEND), two pipelines on device 0 (--gpus 0,0, with and without
# the CPU), cut into segments of 1, 5 and 16 frames or sized as the run goes, give every
# frame, pooled and aggregate value of --backend cpu, byte for byte, on two device-set pairs
# (8-bit 4:2:0 with v0.6.1, psnr and the five-frame motion window; 10-bit 4:2:2 with v1 and
# cambi). --profile says who scored how many frames and they add up; an extractor without a
# twin leaves the run to the CPU; a device that is not there is an error with no output;
# a one-frame --backend auto run is the CPU's. Exits 77 when BACKEND has no usable device.
#
# usage: cli_hybrid_test.sh FASTVMAF DEVICE_SET_DIR cuda|hip|sycl
set -u
cli=$1 set=$2 backend=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
dev=()
[ "$backend" = sycl ] && dev=(--sycl-device cpu)  # the CPU device where no SYCL GPU is
fetch() {  # fetch PAIR NAME
  for k in ref dis; do
    if [ -f "$set/${1}_$k.y4m" ]; then cp "$set/${1}_$k.y4m" "$work/$2_$k.y4m"
    elif [ -f "$set/${1}_$k.y4m.xz" ]; then xz -dc "$set/${1}_$k.y4m.xz" > "$work/$2_$k.y4m" || fail "xz"
    else echo "SKIP: no device set at $set"; exit 77; fi
  done
}
fetch lake_dusk_pan_576x324_8bit a
fetch water_drop_zoom_640x360_422_10bit b
same() {  # same CPU.json OTHER.json WHAT: byte for byte but the fps line (runs use --precision max: %.17g)
  cmp -s <(grep -v '"fps": ' "$1") <(grep -v '"fps": ' "$2") ||
    fail "$3: the output differs from --backend cpu: $(diff <(grep -v '"fps": ' "$1") <(grep -v '"fps": ' "$2") | head -n 4)"
}
workers() {  # workers ERR: "name=frames ..." from --profile
  sed -n 's/^  frames by \([^ ]*\) *\([0-9]*\) .*/\1=\2/p' "$1" | tr '\n' ' '
}
total() { sed -n 's/^  frames by [^ ]* *\([0-9]*\) .*/\1/p' "$1" | awk '{s+=$1} END {print s+0}'; }

# Does the backend have a device at all?
if ! "$cli" -r "$work/a_ref.y4m" -d "$work/a_dis.y4m" -n --feature psnr --frame_cnt 1 --json -q -o "$work/probe.json" \
    --backend "$backend" "${dev[@]}" > /dev/null 2> "$work/probe.err"; then
  if grep -q -E -- "--backend $backend: (no [A-Z]+ device|this build has no)" "$work/probe.err"; then
    echo "SKIP: $(head -n 1 "$work/probe.err")"; exit 77
  fi
  cat "$work/probe.err"; fail "the $backend probe run failed"
fi

for p in a b; do
  if [ $p = a ]; then
    args=(-m version=vmaf_v0.6.1:motion.motion_five_frame_window=true --feature psnr)
  else
    args=(-m version=vmaf_v1.0.16_3d0h --feature cambi)
  fi
  args=(-r "$work/${p}_ref.y4m" -d "$work/${p}_dis.y4m" "${args[@]}" --json --precision max -q --profile)
  "$cli" "${args[@]}" --backend cpu -o "$work/$p.cpu.json" > /dev/null 2> "$work/cpu.err" || { cat "$work/cpu.err"; fail "$p: the cpu run failed"; }
  frames=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['frames']))" "$work/$p.cpu.json")
  device_frames=0
  for run in "cpu+$backend" "cpu+$backend --gpus 0,0" "$backend --gpus 0,0"; do
    for seg in "" 1 5 16; do
      what="$p: --backend $run${seg:+ --segment-frames $seg}"
      # shellcheck disable=SC2086
      if ! "$cli" "${args[@]}" --backend $run "${dev[@]}" ${seg:+--segment-frames $seg} -o "$work/out.json" \
          > /dev/null 2> "$work/err"; then
        cat "$work/err"; fail "$what failed"
      fi
      same "$work/$p.cpu.json" "$work/out.json" "$what"
      [ "$(total "$work/err")" = "$frames" ] || fail "$what: --profile's workers do not add up to $frames: $(workers "$work/err")"
      n=$(sed -n "s/^  frames by $backend:[^ ]* *\([0-9]*\) .*/\1/p" "$work/err" | awk '{s+=$1} END {print s+0}')
      device_frames=$((device_frames + n))
      case "$run" in
        *"--gpus 0,0"*) grep -q "frames by $backend:0#2 " "$work/err" || fail "$what: no second pipeline: $(workers "$work/err")" ;;
      esac
      echo "  $what: equal; $(workers "$work/err")"
    done
  done
  [ "$device_frames" -gt 0 ] || fail "$p: the device scored no frame in any run"
done

# auto with its device started after the CPU's first segment whatever the run's length (a
# GPU joins where there is one; where there is none the CPU is never left the tail).
args=(-r "$work/a_ref.y4m" -d "$work/a_dis.y4m" -m version=vmaf_v0.6.1 --feature psnr --json --precision max -q --profile)
for seg in "" 3; do
  # shellcheck disable=SC2086
  FASTVMAF_AUTO_DEVICE_AFTER_S=0 "$cli" "${args[@]}" --backend auto ${seg:+--segment-frames $seg} -o "$work/auto.json" \
    > /dev/null 2> "$work/err" || { cat "$work/err"; fail "auto with its device started at once failed"; }
  "$cli" "${args[@]}" --backend cpu -o "$work/auto.cpu.json" > /dev/null 2>&1 || fail "the cpu run failed"
  same "$work/auto.cpu.json" "$work/auto.json" "auto, device started at once${seg:+, segments of $seg}"
  echo "  auto, device started at once${seg:+, segments of $seg}: equal; $(workers "$work/err")"
done

# An extractor without a twin: cpu+X leaves the run to the CPU (every frame its). Every
# extractor has a CUDA and HIP twin now; on SYCL float_ms_ssim's is experimental, so without
# FASTVMAF_EXPERIMENTAL_TWINS naming it the run has none (the logic is the backend's
# alike: SYCL's run covers it).
if [ "$backend" = sycl ]; then
  args=(-r "$work/a_ref.y4m" -d "$work/a_dis.y4m" -n --feature psnr --feature float_ms_ssim --frame_cnt 12 --json --precision max -q --profile)
  "$cli" "${args[@]}" --backend cpu -o "$work/ms.cpu.json" > /dev/null 2>&1 || fail "float_ms_ssim on the cpu failed"
  env -u FASTVMAF_EXPERIMENTAL_TWINS "$cli" "${args[@]}" --backend "cpu+$backend" "${dev[@]}" -o "$work/ms.json" > /dev/null 2> "$work/err" || { cat "$work/err"; fail "float_ms_ssim with cpu+$backend failed"; }
  same "$work/ms.cpu.json" "$work/ms.json" "float_ms_ssim with cpu+$backend"
  grep -q "frames by cpu  *12 " "$work/err" || fail "float_ms_ssim with cpu+$backend: not the CPU's alone: $(workers "$work/err")"
  grep -q "float_ms_ssim has no $backend implementation" "$work/err" || fail "float_ms_ssim with cpu+$backend: no note: $(cat "$work/err")"
  echo "  float_ms_ssim (its twin withheld) with cpu+$backend: the CPU's alone, equal"
else
  echo "  (every extractor has a $backend twin: the run without one is checked on sycl)"
fi

# A device that is not there: an error naming it, no output file.
rm -f "$work/bad.json"
"$cli" -r "$work/a_ref.y4m" -d "$work/a_dis.y4m" -n --feature psnr --json -q -o "$work/bad.json" --backend "$backend" \
  "${dev[@]}" --gpus 0,99 > /dev/null 2> "$work/bad.err"
rc=$?
[ $rc -ge 1 ] || fail "--gpus 0,99 exited $rc"
[ ! -e "$work/bad.json" ] || fail "--gpus 0,99 left an output file"
grep -q -- "--gpus 99" "$work/bad.err" || fail "--gpus 0,99: $(cat "$work/bad.err")"
echo "  --gpus 0,99: exit $rc, $(head -c 160 "$work/bad.err")"

# One frame with auto: the CPU's, equal, and no device started.
args=(-r "$work/a_ref.y4m" -d "$work/a_dis.y4m" -m version=vmaf_v0.6.1 --frame_cnt 1 --json --precision max -q --profile)
"$cli" "${args[@]}" --backend cpu -o "$work/one.cpu.json" > /dev/null 2>&1 || fail "one frame on the cpu failed"
"$cli" "${args[@]}" --backend auto -o "$work/one.json" > /dev/null 2> "$work/err" || { cat "$work/err"; fail "one frame with auto failed"; }
same "$work/one.cpu.json" "$work/one.json" "one frame with auto"
grep -q "frames by cpu  *1 " "$work/err" || fail "one frame with auto: $(workers "$work/err")"
! grep -q "device ready" "$work/err" || fail "one frame with auto started a device"
echo "  one frame with auto: the CPU's, no device started"
echo PASS
