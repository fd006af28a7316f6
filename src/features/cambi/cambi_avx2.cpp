// CAMBI's AVX2 entries (this unit gets -mavx2 -mfma -mbmi2): the stages'
// source (cambi_stages_tmpl.hpp) compiled for AVX2, vectorised by the compiler.
#include "features/cambi/cambi_stages_tmpl.hpp"

namespace fastvmaf::cambi {

namespace {
struct Avx2 {};
}  // namespace

FVMAF_DSP_FILL void fill_dsp_avx2(Dsp& d) { Stages<Avx2>::fill(d); }

}  // namespace fastvmaf::cambi
