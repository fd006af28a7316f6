// The host's glibc_atan2 (atan2.hpp). atan2_detail::evaluate spells each fused
// multiply-add of glibc's FMA build as hd::dfma_rn; compiled for a CPU with FMA those are
// single instructions, otherwise calls of libm's correctly rounded fma(). Both clones return
// the same bits; the loader picks the one the CPU can run, as glibc's own atan2 is picked.
//
// flatten: evaluate is too large for the compiler to inline on its own, and its out-of-line
// copy is compiled for the baseline target, so without it the "fma" clone would call that
// copy and its libm fma()s (the same bits, several times slower). clang refuses flatten
// beside target_clones; its builds (the libFuzzer ones) take the slower clone.
#include "core/hd/atan2.hpp"

namespace fastvmaf::hd {

#if defined(__x86_64__) && defined(__clang__)
__attribute__((target_clones("fma", "default")))
#elif defined(__x86_64__) && defined(__GNUC__)
__attribute__((target_clones("fma", "default"), flatten))
#endif
double glibc_atan2_host(double y, double x) {
  return atan2_detail::evaluate(y, x);
}

}  // namespace fastvmaf::hd
