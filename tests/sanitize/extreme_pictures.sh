#!/usr/bin/env bash
# Every extractor on the extremes of the sample range: black against white, white
# against black, and identical flat pictures, at 8 and 16 bits, with the default number
# format (which looks at the fraction of each value) and every output format. Values
# such as a 16-bit MSE of 65535^2 or an infinite PSNR must print without undefined
# behaviour (the sanitizer build catches float-cast-overflow and float-divide-by-zero);
# a feature may refuse a picture only with a clear message (exit 1), never crash.
#
# usage: extreme_pictures.sh CLI
set -uo pipefail
cli=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
w=256 h=216  # CAMBI needs 216 in one dimension, SpEED 160x160 at 4:2:0
fail=0
# flat FILE TAG BYTES_PER_SAMPLE BYTE: three frames whose every byte is BYTE
flat() {
  local n=$((w * h * 3 / 2 * $3))
  { printf 'YUV4MPEG2 W%d H%d F25:1 Ip C%s\n' $w $h "$2"
    for _ in 1 2 3; do printf 'FRAME\n'; head -c $n /dev/zero | tr '\0' "\\$4"; done; } > "$1"
}
flat "$work/black8.y4m" 420jpeg 1 000
flat "$work/white8.y4m" 420jpeg 1 377
flat "$work/black16.y4m" 420p16 2 000
flat "$work/white16.y4m" 420p16 2 377
features=$("$cli" --list-features | awk -F'\t' '$2 ~ /cpu/ {print $1}')
run() {  # run NAME ARGS...: exit 0, or 1 with a message; anything else fails
  local name=$1; shift
  "$cli" "$@" -q 2> "$work/err" > /dev/null
  local rc=$?
  if [ $rc -ne 0 ] && { [ $rc -ne 1 ] || [ ! -s "$work/err" ]; }; then
    echo "FAIL $name: exit $rc: $(tail -n 5 "$work/err")"
    fail=1
  fi
}
for depth in 8 16; do
  for pair in "black white" "white black" "white white" "black black"; do
    set -- $pair
    ref=$work/$1$depth.y4m dis=$work/$2$depth.y4m
    for f in $features; do
      run "$f $1/$2 $depth-bit" -r "$ref" -d "$dis" -n --feature "$f" --json -o "$work/out.json"
    done
    for fmt in --xml --json --csv --sub; do
      run "psnr enable_mse $1/$2 $depth-bit $fmt" -r "$ref" -d "$dis" -n \
        --feature psnr=enable_mse=true:enable_apsnr=true $fmt -o "$work/out"
    done
  done
done
[ $fail = 0 ] && echo "ok: every extractor on black, white and flat pictures"
exit $fail
