# Warnings for our own targets only.
add_library(fastvmaf_warnings INTERFACE)
target_compile_options(fastvmaf_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wno-unused-parameter -Wno-missing-field-initializers>)

# Bit-exactness: never let the compiler contract a*b+c into an FMA or reorder
# floating-point sums. libvmaf's scalar C path is built without contraction on
# x86-64 (gcc's default for ISO C is -ffp-contract=off), so we say it explicitly.
add_library(fastvmaf_fp INTERFACE)
target_compile_options(fastvmaf_fp INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-ffp-contract=off -fno-fast-math>)

# -fsanitize=undefined leaves out two checks that matter for numeric code: a double
# cast to an integer type that cannot hold it (float-cast-overflow) and a floating-point
# division by zero (float-divide-by-zero). Both are asked for explicitly.
if(FASTVMAF_SANITIZE)
  set(FASTVMAF_SANITIZERS address,undefined,float-cast-overflow,float-divide-by-zero)
  add_compile_options(-fsanitize=${FASTVMAF_SANITIZERS} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  # Optimisation and debug level of the sanitizer build, after the build type's: -O1 -g1
  # compiles in about half the time of -O2 -g (the sanitizer build is half of make test's
  # time on CI's 2 cores) and still gives reports with files and lines.
  set(FASTVMAF_SANITIZE_LEVEL "-O1 -g1" CACHE STRING "Optimisation and debug flags of the sanitizer build")
  separate_arguments(fastvmaf_sanitize_level UNIX_COMMAND "${FASTVMAF_SANITIZE_LEVEL}")
  add_compile_options(${fastvmaf_sanitize_level})
  add_link_options(-fsanitize=${FASTVMAF_SANITIZERS})
  # Where libvmaf's float code divides by a value that can be zero and relies on IEEE
  # arithmetic (inf/NaN) for its result, the division check stays off until each site
  # is audited (docs/conformance.md, "Sanitizer exceptions"); the other checks stay on.
  set(FASTVMAF_IEEE_DIVISION_SOURCES
      src/core/pooling.cpp
      src/features/float_adm/float_adm_params.cpp
      src/features/float_vif/float_vif.cpp src/features/float_vif/float_vif_params.cpp
      src/features/float_vif/float_vif_dsp.cpp src/features/float_vif/float_vif_avx2.cpp
      src/features/float_vif/float_vif_avx512.cpp
      src/features/psnr_hvs/psnr_hvs.cpp
      src/features/speed/speed_plane.cpp
      src/features/ssim/ssim_map.cpp
      tests/unit/float_vif_test.cpp tests/unit/speed_linalg_test.cpp tests/unit/speed_extractor_test.cpp
      tests/unit/soft_f64_routines_test.cpp)
  # (applied at the end of the top-level CMakeLists.txt, once src/ and tests/ exist)
endif()

# libFuzzer builds (clang only): every object gets the coverage instrumentation that
# guides the fuzzer, the fuzz targets link its driver (tests/fuzz, docs/fuzzing.md).
option(FASTVMAF_LIBFUZZER "Build the fuzz targets for libFuzzer (clang)" OFF)
if(FASTVMAF_LIBFUZZER)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "FASTVMAF_LIBFUZZER needs clang (-DCMAKE_CXX_COMPILER=clang++), not ${CMAKE_CXX_COMPILER_ID}")
  endif()
  add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fsanitize=fuzzer-no-link>)
endif()
