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
