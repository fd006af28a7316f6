#!/bin/sh
# pkg-config with only fastvmaf's .pc files visible (PKG_CONFIG_LIBDIR is the installed
# lib/pkgconfig alone), as on a machine without fmt's or FFmpeg's development files:
# --cflags, --libs and --static --libs of fastvmaf.pc and libvmaf.pc must succeed and give
# well-formed flags: every word an option (-I, -L, -l, -pthread), never a bare name (a
# bare "dl" was once written for -ldl); -I and -L folders exist, and a -L outside the
# prefix is a variable a user can set (cudalibdir), not this build machine's path.
#
#   pkgconfig_alone.sh BUILD_DIR WORK_DIR LIBDIR CXX
set -eu
build=$1 work=$2 libdir=$3 cxx=$4
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" > "$work/install.log" || fail "cmake --install: $(cat "$work/install.log")"
prefix=$(cd "$prefix" && pwd -P)
unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
export PKG_CONFIG_LIBDIR="$prefix/$libdir/pkgconfig"

for pc in fastvmaf libvmaf; do
  cudalibdir=$(pkg-config --variable=cudalibdir "$pc") || fail "pkg-config --variable=cudalibdir $pc"
  for args in --cflags --libs "--static --libs"; do
    # shellcheck disable=SC2086
    flags=$(pkg-config $args "$pc" 2>"$work/err") || fail "pkg-config $args $pc: $(cat "$work/err")"
    [ -n "$flags" ] || fail "pkg-config $args $pc gives nothing"
    for f in $flags; do
      case $f in
        -I* | -L*)
          dir=${f#-?}
          [ -d "$dir" ] || fail "pkg-config $args $pc: $f names no folder"
          real=$(cd "$dir" && pwd -P)
          case $real/ in
            "$prefix"/*) ;;
            *) [ -n "$cudalibdir" ] && [ "$dir" = "$cudalibdir" ] ||
                 fail "pkg-config $args $pc: $f is outside the prefix and no variable of the .pc file" ;;
          esac ;;
        -l?* | -pthread) ;;
        *) fail "pkg-config $args $pc: \"$f\" is not a compiler or linker option (in: $flags)" ;;
      esac
    done
    echo "ok: pkg-config $args $pc: $flags"
  done
  if [ -n "$cudalibdir" ]; then
    pkg-config --static --libs --define-variable=cudalibdir=/opt/elsewhere "$pc" | grep -q -- '-L/opt/elsewhere' ||
      fail "$pc: --define-variable=cudalibdir does not move the CUDA runtime's -L"
  fi
done

# The static flags are enough: a program linked with libfastvmaf.a and nothing else than
# what pkg-config gives (a bare "dl" was taken for an input file).
printf '%s\n' '#include <fastvmaf/engine.hpp>' \
  'int main() { fastvmaf::EngineOptions o; o.features.push_back({"psnr", {}}); fastvmaf::Engine e(o); return 0; }' \
  > "$work/static.cpp"
static=$(pkg-config --static --libs fastvmaf | sed 's/-lfastvmaf /-Wl,-Bstatic -lfastvmaf -Wl,-Bdynamic /')
# shellcheck disable=SC2046,SC2086
"$cxx" -std=c++20 "$work/static.cpp" $(pkg-config --cflags fastvmaf) $static -o "$work/static" 2>"$work/err" ||
  fail "a program does not link with libfastvmaf.a and pkg-config --static --libs fastvmaf: $(cat "$work/err")"
"$work/static" || fail "the program linked with libfastvmaf.a failed"
LC_ALL=C readelf -d "$work/static" | grep -q 'NEEDED.*libfastvmaf' && fail "the static program links libfastvmaf.so"
echo "ok: a program links with libfastvmaf.a and pkg-config --static --libs alone"
rm -rf "$work"
