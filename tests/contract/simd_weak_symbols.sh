#!/bin/sh
# A SIMD unit (*_avx2.cpp, *_avx512.cpp, *_avx512vnni.cpp) is compiled for its level's instruction set. If
# it emits a weak (COMDAT) copy of an inline function or template that other units also
# define or call, the linker may keep the SIMD copy for everyone, and a CPU without that
# instruction set would then crash in code meant to be portable (or meant for AVX2 only).
# This test fails when a weak symbol defined in a SIMD object is also defined or
# referenced by any other object. (Symbols of types in an anonymous namespace, e.g. a
# template instantiated on a unit's own vector type, are local and never shared.) It also
# fails when a SIMD unit has static initialisers, which would run at start-up on every
# CPU.
# usage: simd_weak_symbols.sh OBJECT...
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
is_simd() { case "$1" in *_avx2.cpp.o|*_avx512.cpp.o|*_avx512vnni.cpp.o) return 0 ;; *) return 1 ;; esac; }
checked=0
for o in "$@"; do
  is_simd "$o" && checked=$((checked + 1))
done
# Guard against checking nothing (a wrong object list would pass vacuously).
[ $checked -gt 0 ] || { echo "FAIL no SIMD object (*_avx2.cpp.o, *_avx512.cpp.o, ...) among the objects given"; exit 1; }
i=0
for o in "$@"; do
  i=$((i + 1))
  nm "$o" | awk '{print $NF}' | sort -u > "$tmp/syms.$i"
done
status=0
i=0
for o in "$@"; do
  i=$((i + 1))
  is_simd "$o" || continue
  nm --defined-only "$o" | awk '($2 == "W" || $2 == "u" || $2 == "V") && $3 !~ /^DW\.ref\./ {print $3}' |
    sort -u > "$tmp/weak"
  : > "$tmp/others"
  j=0
  for other in "$@"; do
    j=$((j + 1))
    [ $j -eq $i ] || cat "$tmp/syms.$j" >> "$tmp/others"
  done
  sort -u "$tmp/others" -o "$tmp/others"
  shared=$(comm -12 "$tmp/weak" "$tmp/others")
  if nm "$o" | grep -q '_GLOBAL__sub_I_'; then
    echo "FAIL $o has static initialisers (they run at start-up, on any CPU)"
    status=1
  elif [ -n "$shared" ]; then
    echo "FAIL $o defines weak symbols that other units also use:"
    echo "$shared" | c++filt | sed 's/^/    /'
    status=1
  else
    echo "ok   $o ($(wc -l < "$tmp/weak") weak symbols, none shared with other units)"
  fi
done
exit $status
