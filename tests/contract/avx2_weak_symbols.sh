#!/bin/sh
# An *_avx2.cpp unit is compiled with -mavx2. If it emits a weak (COMDAT) copy of an
# inline function or template that other units also use, the linker may keep the AVX2
# copy for everyone, and a CPU without AVX2 would then crash in code that was meant to
# be portable. This test fails when an AVX2 object defines any weak function symbol.
# usage: avx2_weak_symbols.sh OBJECT...
status=0
checked=0
for o in "$@"; do
  case "$o" in *_avx2.cpp.o) ;; *) continue ;; esac
  weak=$(nm -C --defined-only "$o" | awk '$2 == "W" || $2 == "u" || ($2 == "V" && $3 !~ /^DW\.ref\./)')
  if [ -n "$weak" ]; then
    echo "FAIL $o defines weak symbols that other units may resolve to AVX2 code:"
    echo "$weak" | sed 's/^/    /'
    status=1
  else
    echo "ok   $o"
  fi
  checked=$((checked + 1))
done
# Guard against checking nothing (a wrong object list would pass vacuously).
[ $checked -gt 0 ] || { echo "FAIL no *_avx2.cpp.o among the objects given"; exit 1; }
exit $status
