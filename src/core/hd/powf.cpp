// The host's glibc_powf (powf.hpp). powf_detail::evaluate spells each fused multiply-add
// of glibc's FMA build as hd::dfma_rn; compiled for a CPU with FMA those are single
// instructions, otherwise calls of libm's correctly rounded fma(). Both clones return the
// same bits; the loader picks the one the CPU can run, as glibc's own powf is picked.
#include "core/hd/powf.hpp"

namespace fastvmaf::hd {

// flatten: evaluate and its helpers inlined into each clone, so that the "fma" one computes
// with FMA instructions (gcc would otherwise call one out-of-line copy built for any
// x86-64 from both); clang does not take it beside target_clones.
#if defined(__x86_64__) && defined(__clang__)
__attribute__((target_clones("fma", "default")))
#elif defined(__x86_64__) && defined(__GNUC__)
__attribute__((target_clones("fma", "default"), flatten))
#endif
float glibc_powf_host(float x, float y) {
  return powf_detail::evaluate<double>(x, y);
}

}  // namespace fastvmaf::hd
