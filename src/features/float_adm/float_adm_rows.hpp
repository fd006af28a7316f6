// Row kernels of the CPU float ADM in portable C++ (a template on an instruction-set
// tag, instantiated for the baseline target in float_adm.cpp); float_adm_avx2.cpp has
// AVX2 versions with the same bits (tests/unit/float_adm_test.cpp compares them).
//
//  - decouple: adm_decouple_s over samples [j0, j1) of one row, in place (r over the
//    reference bands, a over the distorted ones), then adm_csf_s's masking weights of
//    a and r.
//  - measure: adm_cm_s's per-sample values over [j0, j1) of one row, max(|weight x| -
//    threshold, 0) to the power p, into one array per band; the caller adds them in
//    libvmaf's order.
#pragma once

#include <cmath>
#include <cstddef>

#include "features/float_adm/float_adm_math.hpp"

namespace fastvmaf::float_adm {

struct DecoupleParams {
  double gain_limit = 100.0;
  float cos_sq = 0.0f;
  float rfactor[3] = {0, 0, 0};
};

// One row of the contrast measure: the masker's weights in rows i - 1, i and i + 1
// (already mirrored), its CSF-weighted samples' source (centre), the measured bands.
struct MeasureRow {
  const float* up[3];
  const float* mid[3];
  const float* down[3];
  const float* centre[3];
  const float* x[3];
  int w = 0;  // band width (column mirroring)
  float rfactor[3] = {0, 0, 0};
  bool bypass_cm = false;
  bool cube = true;  // adm_p_norm == 3
  float p = 3.0f;
};

struct AdmKernels {
  void (*decouple)(float* const* o, float* const* t, int j0, int j1, const DecoupleParams& p, float* const* weight_a,
                   float* const* weight_r);
  void (*measure)(const MeasureRow& r, int j0, int j1, float* const* values);
};

template <class Isa>
struct AdmRows {
  static void decouple(float* const* o, float* const* t, int j0, int j1, const DecoupleParams& p,
                       float* const* weight_a, float* const* weight_r) {
    for (int j = j0; j < j1; ++j) {
      const float ov[3] = {o[0][j], o[1][j], o[2][j]};
      const float tv[3] = {t[0][j], t[1][j], t[2][j]};
      float r[3], a[3];
      float_adm::decouple(ov, tv, p.gain_limit, p.cos_sq, r, a);
      for (int b = 0; b < 3; ++b) {
        o[b][j] = r[b];
        t[b][j] = a[b];
        weight_a[b][j] = masking_weight(p.rfactor[b] * a[b]);
        weight_r[b][j] = masking_weight(p.rfactor[b] * r[b]);
      }
    }
  }

  static float value_at(const MeasureRow& r, int j, int b, float thr) {
    float v = std::fabs(r.x[b][j] * r.rfactor[b]) - thr;
    v = v < 0.0f ? 0.0f : v;
    return r.cube ? v * v * v : std::pow(v, r.p);
  }

  static float threshold_at(const MeasureRow& r, int j) {
    if (r.bypass_cm) return 0.0f;
    const int jm1 = j == 0 ? 1 : j - 1;
    const int jp1 = j == r.w - 1 ? r.w - 1 : j + 1;
    float thr = 0;
    for (int b = 0; b < 3; ++b)
      thr += threshold_term(r.up[b], r.mid[b], r.down[b], jm1, j, jp1, r.rfactor[b] * r.centre[b][j]);
    return thr;
  }

  static void measure(const MeasureRow& r, int j0, int j1, float* const* values) {
    for (int j = j0; j < j1; ++j) {
      const float thr = threshold_at(r, j);
      for (int b = 0; b < 3; ++b) values[b][j - j0] = value_at(r, j, b, thr);
    }
  }

  static constexpr AdmKernels table() { return {&decouple, &measure}; }
};

const AdmKernels& baseline_adm_kernels();
// nullptr when this build or CPU has no AVX2 path.
const AdmKernels* avx2_adm_kernels();
// vrcpps of n floats (AVX2 builds on AVX2 CPUs only): the test that it equals rcpss.
void rcp_packed(const float* in, std::size_t n, float* out);

}  // namespace fastvmaf::float_adm
