// The host's glibc_sin and glibc_cos (sincos.hpp). sincos_detail spells each fused
// multiply-add of glibc's FMA build as hd::dfma_rn; compiled for a CPU with FMA those are
// single instructions, otherwise calls of libm's correctly rounded fma(). Both clones
// return the same bits; the loader picks the one the CPU can run, as glibc's own sin and
// cos are picked. With gcc, flatten inlines the whole routine into each clone, so that the
// FMA clone's multiply-adds are instructions rather than calls of an out-of-line copy
// built without FMA (clang refuses flatten beside target_clones; the bits are the same
// either way, only the speed differs).
#include "core/hd/sincos.hpp"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define FVMAF_SINCOS_CLONES __attribute__((target_clones("fma", "default"), flatten))
#elif defined(__x86_64__) && defined(__GNUC__)
#define FVMAF_SINCOS_CLONES __attribute__((target_clones("fma", "default")))
#else
#define FVMAF_SINCOS_CLONES
#endif

namespace fastvmaf::hd {

FVMAF_SINCOS_CLONES double glibc_sin_host(double x) { return sincos_detail::evaluate_sin(x); }

FVMAF_SINCOS_CLONES double glibc_cos_host(double x) { return sincos_detail::evaluate_cos(x); }

}  // namespace fastvmaf::hd
