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
  add_link_options(-fsanitize=${FASTVMAF_SANITIZERS})
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
