#!/bin/sh
# Decodes ../shared/corpus into DIR once; later calls find the stamp and return at once.
# usage: materialize_corpus.sh SHARED_DIR OUT_DIR
set -eu
shared=$1
out=$2
stamp="$out/.materialized"
want=$(cat "$shared/corpus/manifest.tsv" "$shared/corpus/materialize.sh" | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "corpus already materialized in $out"
  exit 0
fi
mkdir -p "$out"
rm -f "$stamp"
sh "$shared/corpus/materialize.sh" "$out"
echo "$want" > "$stamp"
