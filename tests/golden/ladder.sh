#!/usr/bin/env bash
# An encoding ladder (several -d, docs/adr/0014-encoding-ladder.md) scores each encode as
# its single-pair run does: one source scored against several distortions of it in one
# pass must write, for every encode, the output of the single-pair command, byte for byte
# (fps aside: a measured speed), at 1 and 2 threads and cut into segments of 3 frames,
# from the command line and from a --batch manifest whose lines share the reference.
#
# The encodes, all of the pair's source: the pair's distorted video; the same cut short
# (its first half: the length rule, a warning and the common frames); the same shifted
# by one frame (other values at every frame); the reference itself; and, when given,
# a compressed file (decoded, with its input record in the output).
#
# usage: ladder.sh CLI MODEL_DIR REF DIS [COMPRESSED_DIS] [-- -w W -h H -p 420|422|444 -b BITS]
#   (the raw flags for .yuv inputs, in that order)
set -uo pipefail
cli=$1 models=$2 ref=$3 dis=$4
shift 4
compressed=
if [ $# -gt 0 ] && [ "$1" != "--" ]; then compressed=$1; shift; fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
raw=("$@")
ext=${dis##*.}

# One frame's bytes on disk (y4m: with its "FRAME\n") and the file header's, to cut and
# shift the distorted video at frame boundaries.
if [ ${#raw[@]} -gt 0 ]; then
  w=${raw[1]} h=${raw[3]} chroma=${raw[5]} bits=${raw[7]} header=0 marker=0
else
  line=$(head -n 1 "$dis")
  header=$(( ${#line} + 1 )) marker=6
  w=$(sed -n 's/.* W\([0-9]*\).*/\1/p' <<< "$line") h=$(sed -n 's/.* H\([0-9]*\).*/\1/p' <<< "$line")
  c=$(sed -n 's/.* C\([0-9a-z]*\).*/\1/p' <<< "$line")
  chroma=${c:0:3} bits=8
  [[ $c =~ p([0-9]+)$ ]] && bits=${BASH_REMATCH[1]}
  [[ $c =~ ^(420|422|444) ]] || chroma=420
fi
case $chroma in
  420) cw=$(( (w + 1) / 2 )) ch=$(( (h + 1) / 2 )) ;;
  422) cw=$(( (w + 1) / 2 )) ch=$h ;;
  *) cw=$w ch=$h ;;
esac
frame=$(( (w * h + 2 * cw * ch) * (bits > 8 ? 2 : 1) + marker ))
count=$(( ($(stat -L -c %s "$dis") - header) / frame ))
[ "$count" -ge 2 ] || { echo "FAIL $dis: $count frames (at ${frame} bytes each); the ladder needs 2"; exit 1; }
short=$(( count / 2 ))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export FASTVMAF_MODEL_DIR=$models

# The encodes, named e<N>_<what> so that -o {name} gives each its own output.
ln -s "$dis" "$work/e1_dis.$ext"
{ head -c "$header" "$dis"; tail -c +$((header + 1)) "$dis" | head -c $((short * frame)); } > "$work/e2_short.$ext"
{ head -c "$header" "$dis"; tail -c +$((header + frame + 1)) "$dis"; } > "$work/e3_shift.$ext"
ln -s "$ref" "$work/e4_ref.$ext"
encodes=("$work/e1_dis.$ext" "$work/e2_short.$ext" "$work/e3_shift.$ext" "$work/e4_ref.$ext")
if [ -n "$compressed" ]; then
  ln -s "$compressed" "$work/e5_compressed.${compressed##*.}"
  encodes+=("$work/e5_compressed.${compressed##*.}")
fi
flags=(-m version=vmaf_v0.6.1:name=v061 -m version=vmaf_v1.0.16_3d0h:name=v1 --feature psnr --json --precision max
       -q "${raw[@]}")
fail() { echo "FAIL $*"; exit 1; }
name() { local b; b=$(basename "$1"); echo "${b%.*}"; }

mkdir "$work/single"
for e in "${encodes[@]}"; do
  "$cli" -r "$ref" -d "$e" "${flags[@]}" --threads 2 -o "$work/single/$(name "$e").json" 2> "$work/single.err" ||
    fail "single run of $(name "$e"): $(tail -n 3 "$work/single.err")"
  frames=$(grep -c '"frameNum"' "$work/single/$(name "$e").json")
  [ "$frames" -gt 0 ] || fail "$(name "$e"): no frames scored"
done
# The check can fail: encodes that differ give different outputs.
cmp -s <(grep -v '"fps"' "$work/single/e1_dis.json") <(grep -v '"fps"' "$work/single/e3_shift.json") &&
  fail "the distorted video and its shifted copy gave the same output"

# Every output of a ladder run in folder $1 against the single runs.
compare() {
  local dir=$1 what=$2 e
  for e in "${encodes[@]}"; do
    [ -f "$dir/$(name "$e").json" ] || fail "$what: no output for $(name "$e")"
    if ! cmp -s <(grep -v '"fps"' "$work/single/$(name "$e").json") <(grep -v '"fps"' "$dir/$(name "$e").json"); then
      echo "FAIL $what: the output of $(name "$e") differs from its single-pair run:"
      diff <(grep -v '"fps"' "$work/single/$(name "$e").json") <(grep -v '"fps"' "$dir/$(name "$e").json") | head -n 10
      exit 1
    fi
  done
}

# At 1 and 2 threads, and (s3) at 2 threads cut into segments of 3 frames, whose warm-up
# frames ask for motion's shared SAD again.
for t in 1 2 s3; do
  mkdir "$work/ladder$t"
  args=()
  for e in "${encodes[@]}"; do args+=(-d "$e"); done
  case $t in s*) args+=(--threads 2 --segment-frames "${t#s}") ;; *) args+=(--threads "$t") ;; esac
  [ "$t" = 2 ] && args+=(--profile)  # a profile block per encode, outputs unchanged
  "$cli" -r "$ref" "${args[@]}" "${flags[@]}" -o "$work/ladder$t/{name}.json" \
    > "$work/ladder$t.out" 2> "$work/ladder$t.err" || fail "ladder at $t threads: $(tail -n 3 "$work/ladder$t.err")"
  compare "$work/ladder$t" "ladder at $t threads"
  rows=$(grep -c $'\tok\t' "$work/ladder$t.out")
  [ "$rows" -eq ${#encodes[@]} ] || fail "ladder at $t threads: $rows of ${#encodes[@]} summary rows ok"
  grep -q 'e2_short.*ended before' "$work/ladder$t.err" || fail "ladder at $t threads: no warning for the short encode"
  if [ "$t" = 2 ]; then
    for k in "${!encodes[@]}"; do
      grep -q "^fastvmaf: profile, encode $((k + 1)) (${encodes[$k]}) ([1-9][0-9]* frames" "$work/ladder$t.err" ||
        fail "ladder --profile: no profile of encode $((k + 1)): $(grep profile "$work/ladder$t.err" | head -n 3)"
    done
    [ "$(grep -c '^  frames  ' "$work/ladder$t.err")" -eq ${#encodes[@]} ] || fail "ladder --profile: not one frames stage per encode"
  fi
done

# The same encodes as --batch lines sharing the reference (one group, one pass).
mkdir "$work/batch"
geometry=
if [ ${#raw[@]} -gt 0 ]; then
  # -w W -h H -p P -b B as the manifest's four fields
  geometry=$(printf '\t%s\t%s\t%s\t%s' "${raw[1]}" "${raw[3]}" "${raw[5]}" "${raw[7]}")
fi
for e in "${encodes[@]}"; do printf '%s\t%s\t%s%s\n' "$ref" "$e" "$work/batch/$(name "$e").json" "$geometry"; done \
  > "$work/manifest.tsv"
bflags=(-m version=vmaf_v0.6.1:name=v061 -m version=vmaf_v1.0.16_3d0h:name=v1 --feature psnr --json --precision max -q)
"$cli" --batch "$work/manifest.tsv" "${bflags[@]}" --threads 2 > "$work/batch.out" 2> "$work/batch.err" ||
  fail "batch: $(tail -n 3 "$work/batch.err")"
compare "$work/batch" "batch"
echo "ok   $(basename "$dis"): ${#encodes[@]} encodes in one pass, each byte-identical to its single-pair run (1 and 2" \
     "threads, segments of 3 frames, and as --batch lines sharing the reference)"
