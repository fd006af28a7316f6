// The host's glibc_log2 (log2.hpp). log2_detail::evaluate spells each fused multiply-add
// of glibc's FMA build as hd::dfma_rn; compiled for a CPU with FMA those are single
// instructions, otherwise calls of libm's correctly rounded fma(). Both clones return the
// same bits; the loader picks the one the CPU can run, as glibc's own log2 is picked.
#include "core/hd/log2.hpp"

namespace fastvmaf::hd {

// flatten (gcc): otherwise near_one stays out of line, compiled for the baseline target,
// and the "fma" clone calls it and its libm fma()s (the same bits, 4x slower near 1).
// clang refuses flatten beside target_clones.
#if defined(__x86_64__) && defined(__clang__)
__attribute__((target_clones("fma", "default")))
#elif defined(__x86_64__) && defined(__GNUC__)
__attribute__((target_clones("fma", "default"), flatten))
#endif
double glibc_log2_host(double x) {
  return log2_detail::evaluate(x);
}

}  // namespace fastvmaf::hd
