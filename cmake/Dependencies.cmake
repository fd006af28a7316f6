# Every dependency is a Debian package (see the Makefile's deps target).
find_package(Threads REQUIRED)
find_package(CLI11 CONFIG REQUIRED)
find_package(nlohmann_json CONFIG REQUIRED)
# fmt: Debian's libfmt.so, so its implementation is compiled once, not in each of the
# ~50 units that format (header-only fmt costs ~6 s of compiler time per unit, twice in
# `make test`). Debian ships no static libfmt: the device preset, whose binaries run on a
# machine without libfmt.so, uses the header-only form (FASTVMAF_FMT_HEADER_ONLY).
option(FASTVMAF_FMT_HEADER_ONLY "Use fmt header-only (binaries without a libfmt.so dependency)" OFF)
find_package(fmt CONFIG REQUIRED)
if(FASTVMAF_FMT_HEADER_ONLY)
  set(FASTVMAF_FMT fmt::fmt-header-only)
else()
  set(FASTVMAF_FMT fmt::fmt)
endif()
if(FASTVMAF_BUILD_TESTS)
  find_package(GTest CONFIG REQUIRED)
endif()
if(FASTVMAF_BUILD_BENCH)
  find_package(benchmark CONFIG QUIET)
endif()

# Compressed input (src/io/av_source.cpp): FFmpeg's libraries, found through pkg-config
# (Debian: libavformat-dev libavcodec-dev libswscale-dev libavutil-dev), linked only by
# the module libfastvmaf_av.so that the engine loads on first use (src/CMakeLists.txt).
# AUTO uses them when found; without them .y4m and raw .yuv work as ever and a compressed
# file is a clear error. The device preset sets OFF: its binaries run where FFmpeg is not
# installed.
set(FASTVMAF_AVINPUT AUTO CACHE STRING "Read compressed video through libavformat/libavcodec: AUTO, ON or OFF")
set_property(CACHE FASTVMAF_AVINPUT PROPERTY STRINGS AUTO ON OFF)
set(FASTVMAF_HAVE_AVINPUT OFF)
if(NOT FASTVMAF_AVINPUT STREQUAL "OFF")
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(FASTVMAF_LIBAV QUIET IMPORTED_TARGET libavformat libavcodec libswscale libavutil)
  endif()
  if(FASTVMAF_LIBAV_FOUND)
    set(FASTVMAF_HAVE_AVINPUT ON)
    message(STATUS "compressed input: libavformat ${FASTVMAF_LIBAV_libavformat_VERSION}, "
                   "libavcodec ${FASTVMAF_LIBAV_libavcodec_VERSION}, libswscale ${FASTVMAF_LIBAV_libswscale_VERSION}")
  elseif(FASTVMAF_AVINPUT STREQUAL "ON")
    message(FATAL_ERROR "FASTVMAF_AVINPUT=ON but libavformat/libavcodec/libswscale/libavutil were not found "
                        "through pkg-config (Debian: libavformat-dev libavcodec-dev libswscale-dev libavutil-dev)")
  else()
    message(STATUS "compressed input: off (libavformat/libavcodec/libswscale not found through pkg-config)")
  endif()
endif()
