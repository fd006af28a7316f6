#!/usr/bin/env bash
# Batch throughput: N short pairs scored by one `fastvmaf --batch` process, beside the
# same frames as one long clip (the pair played N times in a row) in one process, and
# beside N separate processes (fastvmaf, and libvmaf's `vmaf` where given), in one run.
# The batch is good when its fps is close to the long clip's: start-up paid once, the
# next pairs opened while the device works. Prints one markdown table.
#
# usage: bench/batch_bench.sh CLI CORPUS_DIR PAIR [N]
#   CLI        the fastvmaf binary;  CORPUS_DIR holds PAIR_{ref,dis}.y4m
#   N          pairs in the batch (default 100)
#   BENCH_ARGS="-m version=vmaf_v0.6.1"   the scoring arguments
#   BENCH_BACKENDS="cpu cuda"             fastvmaf backends
#   BENCH_THREADS=N                       --threads (default: every hardware thread)
#   BENCH_JOBS=J                          --batch-jobs (default: the CLI's)
#   BENCH_LIBVMAF=PATH                    also libvmaf's CPU tool, one process per pair
#   BENCH_SEPARATE=0                      skip the N-separate-processes rows
set -euo pipefail
cli=$1 corpus=$2 pair=$3 n=${4:-100}
args=${BENCH_ARGS:--m version=vmaf_v0.6.1}
backends=${BENCH_BACKENDS:-cpu}
threads=${BENCH_THREADS:-$(nproc)}
jobs=${BENCH_JOBS:+--batch-jobs $BENCH_JOBS}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ref=$corpus/${pair}_ref.y4m dis=$corpus/${pair}_dis.y4m
[ -f "$ref" ] && [ -f "$dis" ] || { echo "batch_bench: $ref or $dis is missing" >&2; exit 1; }

# The long clip: the pair's frames N times over.
for k in ref dis; do
  src=$corpus/${pair}_$k.y4m dst=$work/long_$k.y4m
  head -n 1 "$src" > "$dst"
  hl=$(head -n 1 "$src" | wc -c)
  for _ in $(seq "$n"); do tail -c +$((hl + 1)) "$src" >> "$dst"; done
done
mkdir -p "$work/out"
for k in $(seq "$n"); do printf '%s\t%s\t%s\n' "$ref" "$dis" "$work/out/$k.json"; done > "$work/batch.tsv"
# Frames of one pair: counted by scoring it once (a y4m's FRAME lines are not lines).
"$cli" -r "$ref" -d "$dis" -n --feature psnr -q --json -o "$work/one.json" >/dev/null
frames=$(( $(grep -c '"frameNum"' "$work/one.json") * n ))

secs() { awk -v a="$1" -v b="$2" 'BEGIN{ printf "%.3f", (b - a) / 1e9 }'; }
row() { # label backend seconds
  awk -v l="$1" -v b="$2" -v s="$3" -v f="$frames" -v n="$n" \
    'BEGIN{ printf "| %s | %s | %d | %d | %.3f | %.1f |\n", l, b, n, f, s, f / s }'
}
echo "pair: $pair, $n pairs, $frames frames in all; $args; --threads $threads${jobs:+; $jobs}"
echo
echo "| how | backend | pairs | frames | seconds | fps |"
echo "|---|---|---:|---:|---:|---:|"
for b in $backends; do
  # shellcheck disable=SC2086
  t0=$(date +%s%N); "$cli" -r "$work/long_ref.y4m" -d "$work/long_dis.y4m" $args --backend "$b" --threads "$threads" \
    -q --json -o "$work/long.json"; t1=$(date +%s%N)
  row "one process, the long clip" "$b" "$(secs "$t0" "$t1")"
  # shellcheck disable=SC2086
  t0=$(date +%s%N); "$cli" --batch "$work/batch.tsv" $args --backend "$b" --threads "$threads" $jobs --json \
    >/dev/null 2>"$work/batch.err" || { tail -n 3 "$work/batch.err" >&2; exit 1; }; t1=$(date +%s%N)
  row "--batch, one process" "$b" "$(secs "$t0" "$t1")"
  [ "$(ls "$work/out" | wc -l)" = "$n" ] || { echo "batch_bench: --batch wrote $(ls "$work/out" | wc -l) of $n outputs" >&2; exit 1; }
  rm -f "$work"/out/*
  if [ "${BENCH_SEPARATE:-1}" != 0 ]; then
    t0=$(date +%s%N)
    for k in $(seq "$n"); do
      # shellcheck disable=SC2086
      "$cli" -r "$ref" -d "$dis" $args --backend "$b" --threads "$threads" -q --json -o "$work/out/$k.json"
    done
    t1=$(date +%s%N)
    row "$n processes, one pair each" "$b" "$(secs "$t0" "$t1")"
  fi
done
if [ -n "${BENCH_LIBVMAF:-}" ]; then
  # shellcheck disable=SC2086
  t0=$(date +%s%N); "$BENCH_LIBVMAF" -r "$work/long_ref.y4m" -d "$work/long_dis.y4m" $args --threads "$threads" \
    -q --json -o "$work/long.json" >/dev/null; t1=$(date +%s%N)
  row "one process, the long clip" "libvmaf" "$(secs "$t0" "$t1")"
  t0=$(date +%s%N)
  for k in $(seq "$n"); do
    # shellcheck disable=SC2086
    "$BENCH_LIBVMAF" -r "$ref" -d "$dis" $args --threads "$threads" -q --json -o "$work/out/$k.json" >/dev/null
  done
  t1=$(date +%s%N)
  row "$n processes, one pair each" "libvmaf" "$(secs "$t0" "$t1")"
fi
