#!/bin/sh
# A binary built with every backend on a machine without any GPU runtime: the CLI names no
# GPU runtime among the libraries it needs, starts and scores with --backend cpu and auto
# (falling back to the CPU), and --backend hip / cuda are clear errors. The runtimes are
# hidden from the dynamic loader by an rtld-audit module (hide_gpu_runtimes.c).
#
#   hidden_gpu_runtimes.sh CLI AUDIT_MODULE DLOPEN_PROBE WORK_DIR HAVE_HIP HAVE_CUDA
set -eu
cli=$1 audit=$2 probe=$3 work=$4 have_hip=$5 have_cuda=$6
mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }

# The audit module hides what it says it hides (where ROCm is installed to show it).
if "$probe" libamdhip64.so.5 2>/dev/null; then
  LD_AUDIT=$audit "$probe" libamdhip64.so.5 2>/dev/null && fail "the audit module does not hide libamdhip64.so.5"
  echo "ok: libamdhip64.so.5 is installed, and hidden under the audit module"
fi

needed=$(LC_ALL=C readelf -d "$cli" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
echo "the CLI needs: $(echo $needed)"
case " $(echo $needed) " in
  *amdhip64*|*hsa-runtime*|*libcuda*|*libcudart*) fail "the CLI links a GPU runtime" ;;
esac

# Two 64x64 4:2:0 frames.
for f in ref dis; do
  { printf 'YUV4MPEG2 W64 H64 F25:1 Ip C420jpeg\n'
    for k in 1 2; do printf 'FRAME\n'; head -c 6144 /dev/urandom; done; } > "$work/$f.y4m"
done
run() {  # run BACKEND: the CLI under the audit module; status in $rc, stderr in $work/err
  rc=0
  LD_AUDIT=$audit "$cli" -r "$work/ref.y4m" -d "$work/dis.y4m" -n --feature psnr -q --json -o "$work/out.json" \
    --backend "$1" 2> "$work/err" > /dev/null || rc=$?
}

run cpu
[ "$rc" = 0 ] || fail "--backend cpu exited $rc: $(cat "$work/err")"
grep -q '"psnr_y"' "$work/out.json" || fail "--backend cpu wrote no psnr"
echo "ok: --backend cpu scores"

run auto
[ "$rc" = 0 ] || fail "--backend auto exited $rc: $(cat "$work/err")"
# auto starts on the CPU and probes a GPU only for a run long enough to pay for one: this
# 2-frame run is the CPU's alone, probing nothing.
grep -q "backend auto: the CPU scores at once" "$work/err" || fail "--backend auto did not say it runs on the CPU: $(cat "$work/err")"
echo "ok: --backend auto falls back to the CPU: $(grep 'backend auto' "$work/err")"

run hip
[ "$rc" = 1 ] || fail "--backend hip exited $rc (expected 1): $(cat "$work/err")"
if [ "$have_hip" = ON ]; then
  grep -q "libamdhip64.so" "$work/err" || fail "--backend hip does not name the missing HIP runtime: $(cat "$work/err")"
else
  grep -q "no hip backend" "$work/err" || fail "--backend hip: $(cat "$work/err")"
fi
echo "ok: --backend hip is an error: $(cat "$work/err")"

run cuda
[ "$rc" = 1 ] || fail "--backend cuda exited $rc (expected 1): $(cat "$work/err")"
if [ "$have_cuda" = ON ]; then
  grep -qi "cuda" "$work/err" || fail "--backend cuda: $(cat "$work/err")"
else
  grep -q "no cuda backend" "$work/err" || fail "--backend cuda: $(cat "$work/err")"
fi
echo "ok: --backend cuda is an error: $(cat "$work/err")"
