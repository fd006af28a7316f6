#!/bin/sh
# cmake --install to a temporary prefix, then programs built against what was installed:
# every public header compiles alone; a C++ program through pkg-config (fastvmaf.pc); the
# same through the CMake package (find_package(fastvmaf), shared and static); a C program
# through pkg-config (libvmaf.pc, libvmaf's own include style) and through the package.
# The programs score with built-in models; their scores must be the installed CLI's. With
# compressed input and ffmpeg: the installed CLI (started from bin/ and found on PATH) and
# the C++ programs (shared: loading the module from lib/fastvmaf/ only then; static: linked
# in) decode a lossless encode to the y4m's scores.
#
#   install_consumers.sh BUILD_DIR WORK_DIR LIBDIR CXX CC HAVE_HIP HAVE_AVINPUT [FFMPEG]
set -eu
build=$1 work=$2 libdir=$3 cxx=$4 cc=$5 have_hip=$6 have_av=$7 ffmpeg=${8:-}
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
[ "$have_av" = OFF ] || [ -e "$prefix/$libdir/fastvmaf/libfastvmaf_av.so" ] ||
  fail "the compressed-input module is not installed"
for f in bin/fastvmaf "$libdir/libfastvmaf.so" "$libdir/libvmaf.so.3"; do
  LC_ALL=C readelf -d "$prefix/$f" | grep -E 'NEEDED.*(libav(format|codec|util)|libswscale)' &&
    fail "$f links FFmpeg's libraries"
done
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

# A lossless encode of the distorted frames (the consumers all write the same y4m).
encoded=""
if [ "$have_av" = ON ] && [ -n "$ffmpeg" ]; then
  encoded=$work/dis.mkv
  "$ffmpeg" -nostdin -loglevel error -y -i "$work/pc/dis.y4m" -c:v ffv1 "$encoded" || fail "ffmpeg could not encode"
  "$work/pc/session" "$work/pc" "$encoded" lazy > "$work/pc/session_av.txt" ||
    fail "the pkg-config C++ consumer failed on the compressed file"
  cmp -s "$work/pc/session_av.txt" "$work/pc/session.txt" || fail "the pkg-config C++ consumer's scores changed"
  echo "ok: the pkg-config C++ consumer decodes a compressed file, loading FFmpeg only then"
elif [ "$have_av" = ON ]; then
  echo "note: no ffmpeg: no compressed file is decoded"
fi

cmake -S "$here/consumer" -B "$work/cm" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=Release > "$work/cm.log" 2>&1 || fail "cmake consumer: $(cat "$work/cm.log")"
cmake --build "$work/cm" > "$work/cm-build.log" 2>&1 || fail "cmake consumer build: $(tail -30 "$work/cm-build.log")"
LC_ALL=C readelf -d "$work/cm/session_static" | grep -q 'NEEDED.*libfastvmaf' && fail "session_static needs libfastvmaf.so"
for p in session_shared session_static; do
  mkdir -p "$work/cm/$p.d"
  if [ -n "$encoded" ]; then
    mode=lazy
    [ "$p" = session_shared ] || mode=linked
    "$work/cm/$p" "$work/cm/$p.d" "$encoded" $mode > "$work/cm/$p.txt" || fail "$p failed"
  else
    "$work/cm/$p" "$work/cm/$p.d" > "$work/cm/$p.txt" || fail "$p failed"
  fi
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

# The installed CLI finds the module in lib/fastvmaf/, started by path and from PATH.
if [ -n "$encoded" ]; then
  cli --feature psnr -n --json -o "$work/cli_y4m.json"
  "$prefix/bin/fastvmaf" -r "$work/pc/ref.y4m" -d "$encoded" -q --precision max --feature psnr -n --json \
    -o "$work/cli_mkv.json" 2> "$work/cli_mkv.err" || fail "the installed CLI on the .mkv: $(cat "$work/cli_mkv.err")"
  (cd "$work" && PATH="$prefix/bin:$PATH" fastvmaf -r pc/ref.y4m -d dis.mkv -q --precision max --feature psnr -n \
    --json -o cli_path.json 2> cli_path.err) || fail "fastvmaf from PATH on the .mkv: $(cat "$work/cli_path.err")"
  for f in cli_mkv cli_path; do
    sed -n '/"frames"/,$p' "$work/$f.json" > "$work/$f.frames"
    sed -n '/"frames"/,$p' "$work/cli_y4m.json" | cmp -s - "$work/$f.frames" ||
      fail "$f: the installed CLI's scores of the .mkv differ from the y4m's"
  done
  echo "ok: the installed CLI decodes the compressed file to the y4m's scores ($(cat "$work/cli_mkv.err"))"
fi
