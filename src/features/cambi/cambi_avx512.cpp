// CAMBI's AVX-512 entries (this unit gets the AVX-512 F/BW/VL/DQ flags): the stages'
// source (cambi_stages_tmpl.hpp) compiled for AVX-512, vectorised by the compiler.
#include "features/cambi/cambi_stages_tmpl.hpp"

namespace fastvmaf::cambi {

namespace {
struct Avx512 {};
}  // namespace

FVMAF_DSP_FILL void fill_dsp_avx512(Dsp& d) { Stages<Avx512>::fill(d); }

}  // namespace fastvmaf::cambi
