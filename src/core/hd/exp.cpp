// The host's glibc_exp (exp.hpp). exp_detail::evaluate spells each fused multiply-add of
// glibc's FMA build as hd::dfma_rn; compiled for a CPU with FMA those are single
// instructions, otherwise calls of libm's correctly rounded fma(). Both clones return the
// same bits; the loader picks the one the CPU can run, as glibc's own exp is picked.
// flatten: the routine's steps are inlined into each clone (GCC's heuristics would leave
// some out of line, compiled without FMA, and the FMA clone would call libm's fma(): the
// same bits, four times slower).
#include "core/hd/exp.hpp"

namespace fastvmaf::hd {

#if defined(__x86_64__) && defined(__clang__)
__attribute__((target_clones("fma", "default")))  // clang refuses flatten beside target_clones
#elif defined(__x86_64__) && defined(__GNUC__)
__attribute__((target_clones("fma", "default"), flatten))
#endif
double glibc_exp_host(double x) {
  return exp_detail::evaluate(x);
}

}  // namespace fastvmaf::hd
