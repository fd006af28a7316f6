#include "features/float_adm/float_adm.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "common/adm_csf.hpp"
#include "core/registry.hpp"
#include "features/float_adm/float_adm_math.hpp"

namespace fastvmaf::float_adm {

FloatAdmExtractor::FloatAdmExtractor(const OptionSet& o)
    : cfg_(Config::from(o)), names_(make_feature_names(o)), dsp_(make_dsp(cpu::active())) {}

void FloatAdmExtractor::init(const VideoGeometry& g) {
  check_input(g);  // shared with the twin
  w_ = g.width;
  h_ = g.height;
  bpc_ = g.bpc;
  int in_w = static_cast<int>(w_), in_h = static_cast<int>(h_);
  for (int s = 0; s < kScales; ++s) {
    params_[s] = make_scale_params(cfg_, s, in_w, in_h);
    in_w = params_[s].w;
    in_h = params_[s].h;
  }
  ref_.resize(w_, h_);
  dis_.resize(w_, h_);
  const unsigned bw = static_cast<unsigned>(params_[0].w), bh = static_cast<unsigned>(params_[0].h);
  for (Bands* b : {&ref_b_, &dis_b_}) {
    for (auto& a : b->a) a.resize(bw, bh);
    for (auto& x : b->band) x.resize(bw, bh);
  }
  for (int b = 0; b < 3; ++b) {
    weight_a_[b].resize(bw, bh);
    weight_r_[b].resize(bw, bh);
  }
  lo_.resize(w_);
  hi_.resize(w_);
  for (auto& v : values_) v.resize(bw);
}

// adm_dwt2_s / adm_dwt2_lo_s: the vertical pass of each output row into lo_ / hi_, then
// the horizontal pass of both.
void FloatAdmExtractor::dwt(const common::FloatImage& src, const ScaleParams& p, Bands& dst, int slot,
                            bool lo_only) {
  common::FloatImage& a = dst.a[slot];
  a.reshape(static_cast<unsigned>(p.w), static_cast<unsigned>(p.h));
  for (auto& x : dst.band) x.reshape(static_cast<unsigned>(p.w), static_cast<unsigned>(p.h));
  float* lo = lo_.data();
  float* hi = hi_.data();
  for (int i = 0; i < p.h; ++i) {
    const float* rows[4];
    for (int t = 0; t < 4; ++t) rows[t] = src.row(static_cast<unsigned>(dwt_index(i, t, p.in_h)));
    dsp_.dwt_vertical(rows, p.in_w, lo, lo_only ? nullptr : hi);
    const unsigned ii = static_cast<unsigned>(i);
    dsp_.dwt_horizontal(lo, lo_only ? nullptr : hi, p.in_w, 0, p.w, a.row(ii), dst.band[0].row(ii),
                        dst.band[1].row(ii), dst.band[2].row(ii));
  }
}

// adm_csf_den_scale_s: per band, the float sum (row by row) of |weight * x|^p over the
// measure region. Each term is the contrast measure's value without a threshold
// (max(|x weight| - 0, 0)^p is |weight x|^p, bit for bit), so the measure entry computes
// the terms of a row; they are added here in libvmaf's order.
float FloatAdmExtractor::den_scale(const ScaleParams& p, const Bands& ref) const {
  const Rect& m = p.measure;
  float accum[3] = {0, 0, 0};
  MeasureRow row;
  row.w = p.w;
  row.bypass_cm = true;
  row.cube = cfg_.p_norm == 3.0;
  row.p = static_cast<float>(cfg_.p_norm);
  float* values[3] = {values_[0].data(), values_[1].data(), values_[2].data()};
  for (int i = m.top; i < m.bottom; ++i) {
    for (int b = 0; b < 3; ++b) {
      const float* x = ref.band[b].row(static_cast<unsigned>(i));
      row.x[b] = row.up[b] = row.mid[b] = row.down[b] = row.centre[b] = x;  // no masker is read
      row.rfactor[b] = p.rfactor[b];
    }
    dsp_.measure(row, m.left, m.right, values);
    float inner[3] = {0, 0, 0};
    for (int j = 0; j < m.cols(); ++j)
      for (int b = 0; b < 3; ++b) inner[b] += values[b][j];
    for (int b = 0; b < 3; ++b) accum[b] += inner[b];
  }
  return scale_total(accum, m, cfg_.noise_weight, cfg_.p_norm);
}

// adm_cm_s: per band, the float sum (row by row) of max(|weight * x| - threshold, 0)^p
// over the measure region, the threshold summing the masker's 3x3 neighbourhood in
// every orientation (reflected at the first row and column, repeated at the last).
float FloatAdmExtractor::contrast_measure(const ScaleParams& p, const common::FloatImage (&src)[3],
                                          const common::FloatImage (&masker)[3],
                                          const common::FloatImage (&weight)[3], double noise_weight) const {
  const Rect& m = p.measure;
  const bool cube = cfg_.p_norm == 3.0;
  const float pf = static_cast<float>(cfg_.p_norm);
  const int w = p.w, h = p.h;
  float accum[3] = {0, 0, 0};
  for (int i = m.top; i < m.bottom; ++i) {
    const unsigned im1 = static_cast<unsigned>(i == 0 ? 1 : i - 1);
    const unsigned ip1 = static_cast<unsigned>(i == h - 1 ? h - 1 : i + 1);
    const unsigned ii = static_cast<unsigned>(i);
    MeasureRow row;
    for (int b = 0; b < 3; ++b) {
      row.up[b] = weight[b].row(im1);
      row.mid[b] = weight[b].row(ii);
      row.down[b] = weight[b].row(ip1);
      row.centre[b] = masker[b].row(ii);
      row.x[b] = src[b].row(ii);
      row.rfactor[b] = p.rfactor[b];
    }
    row.w = w;
    row.bypass_cm = cfg_.bypass_cm;
    row.cube = cube;
    row.p = pf;
    float* values[3] = {values_[0].data(), values_[1].data(), values_[2].data()};
    dsp_.measure(row, m.left, m.right, values);
    float inner[3] = {0, 0, 0};
    for (int j = 0; j < m.cols(); ++j)
      for (int b = 0; b < 3; ++b) inner[b] += values[b][j];
    for (int b = 0; b < 3; ++b) accum[b] += inner[b];
  }
  return scale_total(accum, m, noise_weight, cfg_.p_norm);
}

void FloatAdmExtractor::submit(const FrameInput& f) {
  common::convert_plane(f.ref->plane(0), bpc_, -128, w_, h_, ref_);
  common::convert_plane(f.dis->plane(0), bpc_, -128, w_, h_, dis_);
  const float cos_sq = common::cos_1deg_sq();
  for (int s = 0; s < kScales; ++s) {
    const ScaleParams& p = params_[s];
    const int slot = s % 2;
    const common::FloatImage& ref_in = s == 0 ? ref_ : ref_b_.a[1 - slot];
    const common::FloatImage& dis_in = s == 0 ? dis_ : dis_b_.a[1 - slot];
    const bool skip = s == 0 && cfg_.skip_scale0;
    dwt(ref_in, p, ref_b_, slot, skip);
    dwt(dis_in, p, dis_b_, slot, skip);
    if (skip) {
      sums_[s] = skipped_scale_sums();
      continue;
    }
    ScaleSums& out = sums_[s];
    out.den = den_scale(p, ref_b_);
    // Decouple in place (r over the reference bands, a over the distorted ones), then
    // the masking weights of both, over the region the measure's neighbourhood reads.
    const Rect& d = p.decouple;
    DecoupleParams dp;
    dp.gain_limit = cfg_.enhn_gain_limit;
    dp.cos_sq = cos_sq;
    for (int b = 0; b < 3; ++b) dp.rfactor[b] = p.rfactor[b];
    for (int b = 0; b < 3; ++b) {
      weight_a_[b].reshape(static_cast<unsigned>(p.w), static_cast<unsigned>(p.h));
      weight_r_[b].reshape(static_cast<unsigned>(p.w), static_cast<unsigned>(p.h));
    }
    for (int i = d.top; i < d.bottom; ++i) {
      const unsigned ii = static_cast<unsigned>(i);
      float* o[3] = {ref_b_.band[0].row(ii), ref_b_.band[1].row(ii), ref_b_.band[2].row(ii)};
      float* t[3] = {dis_b_.band[0].row(ii), dis_b_.band[1].row(ii), dis_b_.band[2].row(ii)};
      float* wa[3] = {weight_a_[0].row(ii), weight_a_[1].row(ii), weight_a_[2].row(ii)};
      float* wr[3] = {weight_r_[0].row(ii), weight_r_[1].row(ii), weight_r_[2].row(ii)};
      dsp_.decouple(o, t, d.left, d.right, dp, wa, wr);
    }
    out.num = contrast_measure(p, ref_b_.band, dis_b_.band, weight_a_, cfg_.noise_weight);
    out.aim_num = contrast_measure(p, dis_b_.band, ref_b_.band, weight_r_, 0.0);
  }
}

void FloatAdmExtractor::collect(unsigned index, FeatureSink& sink) {
  emit_scores(cfg_, sums_, w_, h_, names_, index, sink);
}

FASTVMAF_REGISTER_BACKEND("float_adm", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<FloatAdmExtractor>(o); });

}  // namespace fastvmaf::float_adm
