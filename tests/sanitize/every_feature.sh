#!/usr/bin/env bash
# Runs every implemented extractor (default options), and the extra feature arguments
# given, on one corpus pair with 1, 2 and 7 threads, and requires identical outputs.
# Features listed in TOO_SMALL must instead fail with a clear "too small" message
# (exit 1). In the sanitizer build (make test builds one) any out-of-bounds access
# fails the run.
#
# usage: every_feature.sh CLI REF DIS "feature feature ..." ["name=opt=v:opt=v ..."]
#        (the features expected to refuse this size, may be empty; then feature
#        arguments with options to run as well)
set -uo pipefail
cli=$1 ref=$2 dis=$3 too_small=${4:-} extra=${5:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
features=$("$cli" --list-features | awk -F'\t' '$2 ~ /cpu/ {print $1}')
for f in $features $extra; do
  tag=$(printf '%s' "$f" | tr -c 'A-Za-z0-9_.\n' '_')
  expect_error=0
  for t in $too_small; do [ "$t" = "$f" ] && expect_error=1; done
  for threads in 1 2 7; do
    "$cli" -r "$ref" -d "$dis" -n --feature "$f" --threads $threads --json -o "$work/$tag.$threads.json" \
      --precision max -q 2> "$work/$tag.$threads.err"
    rc=$?
    if [ $expect_error = 1 ]; then
      if [ $rc -ne 1 ] || ! grep -qiE "too small|minimum" "$work/$tag.$threads.err"; then
        echo "FAIL $f: expected a clear too-small error, got exit $rc: $(cat "$work/$tag.$threads.err")"
        fail=1
      fi
      continue 2
    fi
    if [ $rc -ne 0 ]; then
      echo "FAIL $f (threads $threads): exit $rc: $(tail -n 5 "$work/$tag.$threads.err")"
      fail=1
      continue 2
    fi
    grep -v '"fps"' "$work/$tag.$threads.json" > "$work/$tag.$threads.cmp"
  done
  if ! cmp -s "$work/$tag.1.cmp" "$work/$tag.2.cmp" || ! cmp -s "$work/$tag.1.cmp" "$work/$tag.7.cmp"; then
    echo "FAIL $f: output differs between 1, 2 and 7 threads"
    fail=1
  elif ! grep -q '"frameNum"' "$work/$tag.1.json"; then
    echo "FAIL $f: no frames in the output"
    fail=1
  else
    echo "ok   $f ($(grep -c frameNum "$work/$tag.1.json") frames)"
  fi
done
exit $fail
