#!/bin/sh
# cmake --install to a temporary prefix, then programs built against what was installed:
# every public header compiles alone; a C++ program through pkg-config (fastvmaf.pc); the
# same through the CMake package (find_package(fastvmaf), shared and static); a C program
# through pkg-config (libvmaf.pc, libvmaf's own include style) and through the package.
# The programs score with built-in models; their scores must be the installed CLI's.
#
#   install_consumers.sh BUILD_DIR WORK_DIR LIBDIR CXX CC HAVE_HIP
set -eu
build=$1 work=$2 libdir=$3 cxx=$4 cc=$5 have_hip=$6
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" > "$work/install.log" || fail "cmake --install: $(cat "$work/install.log")"

for f in bin/fastvmaf "$libdir/libfastvmaf.so" "$libdir/libfastvmaf.a" "$libdir/libvmaf.so.3" \
         include/fastvmaf/engine.hpp include/fastvmaf/session.hpp include/fastvmaf/error.hpp \
         include/libvmaf/libvmaf.h include/libvmaf/version.h "$libdir/pkgconfig/fastvmaf.pc" \
         "$libdir/pkgconfig/libvmaf.pc" "$libdir/cmake/fastvmaf/fastvmafConfig.cmake" share/doc/fastvmaf/LICENSE.models; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
[ "$have_hip" = OFF ] || [ -e "$prefix/$libdir/fastvmaf/libfastvmaf_hip.so" ] || fail "the HIP module is not installed"
echo "ok: installed under $prefix"

# Public headers stand alone: nothing of the library's internals.
for h in "$prefix"/include/fastvmaf/*.hpp; do
  echo "#include <fastvmaf/$(basename "$h")>" | "$cxx" -std=c++20 -fsyntax-only -x c++ -I"$prefix/include" - ||
    fail "$h does not compile on its own"
done
for h in "$prefix"/include/libvmaf/*.h; do
  echo "#include <libvmaf/$(basename "$h")>" | "$cc" -std=c99 -Wall -Werror -fsyntax-only -x c -I"$prefix/include" - ||
    fail "$h does not compile as C"
  echo "#include <libvmaf/$(basename "$h")>" | "$cxx" -fsyntax-only -x c++ -I"$prefix/include" - ||
    fail "$h does not compile as C++"
done
echo "ok: every public header compiles on its own"

export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
rpath="-Wl,-rpath,$prefix/$libdir"
mkdir -p "$work/pc" "$work/cm"
# shellcheck disable=SC2046
"$cxx" -std=c++20 -O1 "$here/consumer/session_consumer.cpp" $(pkg-config --cflags --libs fastvmaf) $rpath \
  -o "$work/pc/session" || fail "the pkg-config C++ consumer does not build"
"$work/pc/session" "$work/pc" > "$work/pc/session.txt" || fail "the pkg-config C++ consumer failed"
# shellcheck disable=SC2046
"$cc" -std=c99 -O1 "$here/consumer/capi_consumer.c" $(pkg-config --cflags --libs libvmaf) $rpath \
  -o "$work/pc/capi" || fail "the pkg-config C consumer does not build"
"$work/pc/capi" "$work/pc" > "$work/pc/capi.txt" || fail "the pkg-config C consumer failed"
echo "ok: pkg-config consumers: $(cat "$work/pc/session.txt")"

cmake -S "$here/consumer" -B "$work/cm" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=Release > "$work/cm.log" 2>&1 || fail "cmake consumer: $(cat "$work/cm.log")"
cmake --build "$work/cm" > "$work/cm-build.log" 2>&1 || fail "cmake consumer build: $(tail -30 "$work/cm-build.log")"
LC_ALL=C readelf -d "$work/cm/session_static" | grep -q 'NEEDED.*libfastvmaf' && fail "session_static needs libfastvmaf.so"
for p in session_shared session_static; do
  mkdir -p "$work/cm/$p.d"
  "$work/cm/$p" "$work/cm/$p.d" > "$work/cm/$p.txt" || fail "$p failed"
  cmp -s "$work/cm/$p.txt" "$work/pc/session.txt" || fail "$p: $(cat "$work/cm/$p.txt") vs $(cat "$work/pc/session.txt")"
done
"$work/cm/capi_consumer" "$work/pc" > "$work/cm/capi.txt" || fail "capi_consumer failed"
cmp -s "$work/cm/capi.txt" "$work/pc/capi.txt" || fail "the CMake C consumer differs from the pkg-config one"
echo "ok: CMake package consumers (shared, static, C)"

# The scores are the installed CLI's.
cli() { "$prefix/bin/fastvmaf" -r "$work/pc/ref.y4m" -d "$work/pc/dis.y4m" -q --precision max "$@"; }
cli -m version=vmaf_v1.0.16_3d0h --json -o "$work/cli_v1.json"
want=$(sed -n '/"pooled_metrics"/,$p' "$work/cli_v1.json" | sed -n '/"vmaf"/,/}/s/.*"mean": \([^,]*\),*/\1/p' | head -1)
[ "vmaf $want" = "$(cat "$work/pc/session.txt")" ] || fail "session: $(cat "$work/pc/session.txt"), CLI: vmaf $want"
cli -m version=vmaf_v0.6.1 --csv -o "$work/cli_v061.csv"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "vmaf") c = i; next } { print $c }' "$work/cli_v061.csv" > "$work/cli_v061.txt"
cmp -s "$work/cli_v061.txt" "$work/pc/capi.txt" || fail "C API scores $(cat "$work/pc/capi.txt") vs the CLI's $(cat "$work/cli_v061.txt")"
echo "ok: the consumers' scores are the installed CLI's"
