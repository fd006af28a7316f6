#include "features/float_adm/float_adm_dsp.hpp"

#include <cmath>

#include "features/float_adm/float_adm_math.hpp"

namespace fastvmaf::float_adm {

namespace {

void dwt_vertical_c(const float* const* rows, int n, float* lo, float* hi) {
  const float *r0 = rows[0], *r1 = rows[1], *r2 = rows[2], *r3 = rows[3];
  for (int j = 0; j < n; ++j) lo[j] = dwt_tap(kDwtLo, r0[j], r1[j], r2[j], r3[j]);
  if (hi)
    for (int j = 0; j < n; ++j) hi[j] = dwt_tap(kDwtHi, r0[j], r1[j], r2[j], r3[j]);
}

void dwt_horizontal_c(const float* lo, const float* hi, int in_w, int j0, int j1, float* a, float* h, float* v,
                      float* d) {
  for (int j = j0; j < j1; ++j) {
    const int x0 = dwt_index(j, 0, in_w), x1 = dwt_index(j, 1, in_w);
    const int x2 = dwt_index(j, 2, in_w), x3 = dwt_index(j, 3, in_w);
    a[j] = dwt_tap(kDwtLo, lo[x0], lo[x1], lo[x2], lo[x3]);
    if (!hi) continue;
    v[j] = dwt_tap(kDwtHi, lo[x0], lo[x1], lo[x2], lo[x3]);
    h[j] = dwt_tap(kDwtLo, hi[x0], hi[x1], hi[x2], hi[x3]);
    d[j] = dwt_tap(kDwtHi, hi[x0], hi[x1], hi[x2], hi[x3]);
  }
}

void decouple_c(float* const* o, float* const* t, int j0, int j1, const DecoupleParams& p, float* const* weight_a,
                float* const* weight_r) {
  for (int j = j0; j < j1; ++j) {
    const float ov[3] = {o[0][j], o[1][j], o[2][j]};
    const float tv[3] = {t[0][j], t[1][j], t[2][j]};
    float r[3], a[3];
    decouple(ov, tv, p.gain_limit, p.cos_sq, r, a);
    for (int b = 0; b < 3; ++b) {
      o[b][j] = r[b];
      t[b][j] = a[b];
      weight_a[b][j] = masking_weight(p.rfactor[b] * a[b]);
      weight_r[b][j] = masking_weight(p.rfactor[b] * r[b]);
    }
  }
}

float value_at(const MeasureRow& r, int j, int b, float thr) {
  if (r.cube) return cube_value(r.x[b][j], r.rfactor[b], thr);
  float v = std::fabs(r.x[b][j] * r.rfactor[b]) - thr;
  v = v < 0.0f ? 0.0f : v;
  return std::pow(v, r.p);
}

float threshold_at(const MeasureRow& r, int j) {
  if (r.bypass_cm) return 0.0f;
  const int jm1 = j == 0 ? 1 : j - 1;
  const int jp1 = j == r.w - 1 ? r.w - 1 : j + 1;
  float thr = 0;
  for (int b = 0; b < 3; ++b)
    thr += threshold_term(r.up[b], r.mid[b], r.down[b], jm1, j, jp1, r.rfactor[b] * r.centre[b][j]);
  return thr;
}

void measure_c(const MeasureRow& r, int j0, int j1, float* const* values) {
  for (int j = j0; j < j1; ++j) {
    const float thr = threshold_at(r, j);
    for (int b = 0; b < 3; ++b) values[b][j - j0] = value_at(r, j, b, thr);
  }
}

void reciprocal_c(const float* in, std::size_t n, float* out) {
  for (std::size_t i = 0; i < n; ++i) out[i] = reciprocal_estimate(in[i]);
}

constexpr Dsp kC = {&dwt_vertical_c, &dwt_horizontal_c, &decouple_c, &measure_c, &reciprocal_c};

}  // namespace

const Dsp& c_dsp() { return kC; }

Dsp make_dsp(cpu::Flags flags) {
  Dsp d = kC;
  const cpu::Level level = cpu::level_of(flags);
  if (level >= cpu::Level::Avx2) fill_dsp_avx2(d);
  if (level >= cpu::Level::Avx512) fill_dsp_avx512(d);
  return d;
}

}  // namespace fastvmaf::float_adm
