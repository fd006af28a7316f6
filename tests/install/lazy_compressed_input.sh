#!/bin/sh
# Compressed input is a module loaded on first use (docs/adr/0012-lazy-compressed-input.md):
# the CLI needs none of FFmpeg's libraries; a run on .y4m maps none of them (nor the
# module); a compressed file loads the module and decodes; where FFmpeg's libraries are
# missing (hidden from the dynamic loader by the audit module, hide_gpu_runtimes.c) or the
# module is, .y4m still scores and a compressed file or --scale is a clear error, exit 1,
# naming the module.
#
#   lazy_compressed_input.sh CLI AUDIT_MODULE WORK_DIR HAVE_AVINPUT [FFMPEG]
set -eu
cli=$1 audit=$2 work=$3 have_av=$4 ffmpeg=${5:-}
rm -rf "$work"
mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
ffmpeg_libs=libavformat:libavcodec:libswscale:libavutil:libavfilter:libavdevice:libpostproc:libswresample

needed=$(LC_ALL=C readelf -d "$cli" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
case " $(echo $needed) " in
  *libavformat*|*libavcodec*|*libswscale*|*libavutil*) fail "the CLI links FFmpeg's libraries: $(echo $needed)" ;;
esac
echo "ok: the CLI needs none of FFmpeg's libraries ($(echo $needed | wc -w) libraries: $(echo $needed))"

# Two 64x64 4:2:0 frames, and a text file named as a container.
for f in ref dis; do
  { printf 'YUV4MPEG2 W64 H64 F25:1 Ip C420jpeg\n'
    for k in 1 2; do printf 'FRAME\n'; head -c 6144 /dev/urandom; done; } > "$work/$f.y4m"
done
echo "no video here" > "$work/notes.mp4"

# run OUT REF DIS [FLAG...]: the CLI under the audit module, every object it maps listed in
# $work/OUT.loaded; status in $rc, stderr in $work/OUT.err.
run() {
  out=$1 ref=$2 dis=$3
  shift 3
  rc=0
  rm -f "$work/$out.loaded"
  LOADED_LOG="$work/$out.loaded" LD_AUDIT=$audit "$cli" -r "$ref" -d "$dis" -n --feature psnr -q --json \
    -o "$work/$out.json" "$@" 2> "$work/$out.err" > /dev/null || rc=$?
}

run y4m "$work/ref.y4m" "$work/dis.y4m"
[ "$rc" = 0 ] || fail "the y4m run exited $rc: $(cat "$work/y4m.err")"
[ -s "$work/y4m.loaded" ] || fail "the audit module listed nothing"
if grep -E 'libav(format|codec|util)|libswscale|libfastvmaf_av' "$work/y4m.loaded"; then
  fail "a run on .y4m maps the above"
fi
echo "ok: a run on .y4m maps $(wc -l < "$work/y4m.loaded") objects, none of FFmpeg's, no compressed-input module"

if [ "$have_av" != ON ]; then
  run notes "$work/ref.y4m" "$work/notes.mp4"
  [ "$rc" = 1 ] || fail "a build without compressed input: notes.mp4 exited $rc"
  grep -q "no compressed-input support" "$work/notes.err" || fail "notes.mp4: $(cat "$work/notes.err")"
  echo "ok: a build without compressed input says so: $(cat "$work/notes.err")"
  exit 0
fi

if [ -n "$ffmpeg" ]; then
  # A lossless encode of the reference: decoded through the module, the same scores.
  "$ffmpeg" -nostdin -loglevel error -y -i "$work/ref.y4m" -c:v ffv1 "$work/ref.mkv" ||
    fail "ffmpeg could not encode ref.mkv"
  run mkv "$work/ref.mkv" "$work/dis.y4m"
  [ "$rc" = 0 ] || fail "the .mkv run exited $rc: $(cat "$work/mkv.err")"
  grep -q 'libfastvmaf_av\.so' "$work/mkv.loaded" || fail "the .mkv run did not map the module"
  grep -q 'libavcodec' "$work/mkv.loaded" || fail "the .mkv run did not map libavcodec"
  # Everything after the header (version, fps): the frames, pooled and aggregate values.
  sed -n '/"frames"/,$p' "$work/y4m.json" > "$work/y4m.frames"
  sed -n '/"frames"/,$p' "$work/mkv.json" > "$work/mkv.frames"
  grep -q '"psnr_y"' "$work/y4m.frames" || fail "no psnr_y in the y4m output"
  cmp -s "$work/y4m.frames" "$work/mkv.frames" || fail "ref.mkv scores differ from ref.y4m's"
  echo "ok: a .mkv loads the module ($(grep 'libfastvmaf_av' "$work/mkv.loaded")) and scores as its y4m"
else
  echo "note: no ffmpeg, no compressed file to decode: only the errors are checked"
fi

# FFmpeg missing: y4m scores, a compressed file and --scale are errors naming the module.
HIDE_ALSO=$ffmpeg_libs run hidden_y4m "$work/ref.y4m" "$work/dis.y4m"
[ "$rc" = 0 ] || fail "FFmpeg hidden, the y4m run exited $rc: $(cat "$work/hidden_y4m.err")"
echo "ok: FFmpeg hidden, .y4m scores"
HIDE_ALSO=$ffmpeg_libs run hidden_mp4 "$work/ref.y4m" "$work/notes.mp4"
[ "$rc" = 1 ] || fail "FFmpeg hidden, notes.mp4 exited $rc (expected 1): $(cat "$work/hidden_mp4.err")"
for want in notes.mp4 "libfastvmaf_av.so) could not be loaded" "libav"; do
  grep -qF "$want" "$work/hidden_mp4.err" || fail "FFmpeg hidden, notes.mp4: no \"$want\" in: $(cat "$work/hidden_mp4.err")"
done
[ ! -e "$work/hidden_mp4.json" ] || fail "FFmpeg hidden, notes.mp4 wrote an output"
echo "ok: FFmpeg hidden, a compressed file is an error: $(cat "$work/hidden_mp4.err")"
HIDE_ALSO=$ffmpeg_libs run hidden_scale "$work/ref.y4m" "$work/dis.y4m" --scale
[ "$rc" = 1 ] || fail "FFmpeg hidden, --scale exited $rc (expected 1): $(cat "$work/hidden_scale.err")"
grep -q -- "--scale.*libfastvmaf_av.so) could not be loaded" "$work/hidden_scale.err" ||
  fail "FFmpeg hidden, --scale: $(cat "$work/hidden_scale.err")"
echo "ok: FFmpeg hidden, --scale is an error: $(cat "$work/hidden_scale.err")"

# The module missing: the same, naming where it was looked for and the variable.
FASTVMAF_AV_MODULE=$work/nowhere/libfastvmaf_av.so run missing "$work/ref.y4m" "$work/notes.mp4"
[ "$rc" = 1 ] || fail "no module, notes.mp4 exited $rc (expected 1): $(cat "$work/missing.err")"
for want in "$work/nowhere/libfastvmaf_av.so: not found" FASTVMAF_AV_MODULE; do
  grep -qF "$want" "$work/missing.err" || fail "no module: no \"$want\" in: $(cat "$work/missing.err")"
done
echo "ok: no module, a compressed file is an error: $(cat "$work/missing.err")"
