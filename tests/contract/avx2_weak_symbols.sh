#!/bin/sh
# An *_avx2.cpp unit is compiled with -mavx2. If it emits a weak (COMDAT) copy of an
# inline function or template that portable units also define or call, the linker may
# keep the AVX2 copy for everyone, and a CPU without AVX2 would then crash in code
# meant to be portable. This test fails when a weak symbol defined in an AVX2 object
# is also defined or referenced by a non-AVX2 object. (Symbols in a namespace of the
# AVX2 path's own, e.g. cambi::avx2::decimate<T>, are fine: nothing else names them.)
# usage: avx2_weak_symbols.sh OBJECT...
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
checked=0
: > "$tmp/portable"
for o in "$@"; do
  case "$o" in
    *_avx2.cpp.o) checked=$((checked + 1)) ;;
    *) nm "$o" | awk '{print $NF}' >> "$tmp/portable" ;;
  esac
done
# Guard against checking nothing (a wrong object list would pass vacuously).
[ $checked -gt 0 ] || { echo "FAIL no *_avx2.cpp.o among the objects given"; exit 1; }
sort -u "$tmp/portable" -o "$tmp/portable"
status=0
for o in "$@"; do
  case "$o" in *_avx2.cpp.o) ;; *) continue ;; esac
  nm --defined-only "$o" | awk '($2 == "W" || $2 == "u" || $2 == "V") && $3 !~ /^DW\.ref\./ {print $3}' |
    sort -u > "$tmp/weak"
  shared=$(comm -12 "$tmp/weak" "$tmp/portable")
  if [ -n "$shared" ]; then
    echo "FAIL $o defines weak symbols that portable code also uses:"
    echo "$shared" | c++filt | sed 's/^/    /'
    status=1
  else
    echo "ok   $o ($(wc -l < "$tmp/weak") weak symbols, none shared with portable code)"
  fi
done
exit $status
