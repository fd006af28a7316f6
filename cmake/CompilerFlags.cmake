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

if(FASTVMAF_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()
