#include "features/float_vif/float_vif.hpp"

#include <cstddef>

#include "core/registry.hpp"

namespace fastvmaf::float_vif {

FloatVifExtractor::FloatVifExtractor(const OptionSet& o)
    : cfg_(Config::from(o)),
      stat_(cfg_.stat_params()),
      filter_(common::make_float_filter_dsp(cpu::active())),
      dsp_(make_dsp(cpu::active())),
      names_(make_feature_names(o)) {}

void FloatVifExtractor::init(const VideoGeometry& g) {
  common::require_float_depth("float_vif", g.bpc);
  bpc_ = g.bpc;
  plan_ = make_plan(cfg_, g.width, g.height);
  if (plan_.resample) {
    ref_in_.resize(g.width, g.height);
    dis_in_.resize(g.width, g.height);
  }
  for (int s = 0; s < kScales; ++s) {
    ref_[s].resize(plan_.w[s], plan_.h[s]);
    dis_[s].resize(plan_.w[s], plan_.h[s]);
  }
  for (int q = 0; q < 5; ++q) {
    v_[q].resize(plan_.w[0]);
    h_[q].resize(plan_.w[0]);
  }
  num_.resize(plan_.w[0]);
  den_.resize(plan_.w[0]);
  std::size_t taps = 0;
  for (const auto& t : plan_.taps) taps = std::max(taps, t.taps.size());
  rows_a_.resize(taps);
  rows_b_.resize(taps);
}

void FloatVifExtractor::decimate(int s, const common::FloatImage& src, common::FloatImage& dst) {
  const common::FilterTaps& f = plan_.taps[s];
  float* v = v_[0].data();
  float* h = h_[0].data();
  for (unsigned i = 0; i < dst.height; ++i) {
    common::reflected_rows(f, src, 2 * i, rows_a_.data());
    filter_.vertical(f.taps.data(), f.size(), rows_a_.data(), src.width, v);
    filter_.horizontal(f.taps.data(), f.size(), v, src.width, h);
    float* out = dst.row(i);
    // vif_dec2_s; a size_t index, so that the loop vectorises (2 * j cannot wrap)
    for (std::size_t j = 0; j < dst.width; ++j) out[j] = h[2 * j];
  }
}

ScaleSums FloatVifExtractor::scale_sums(int s, const common::FloatImage& ref, const common::FloatImage& dis) {
  const common::FilterTaps& f = plan_.taps[s];
  const unsigned w = ref.width;
  float accum_num = 0.0f, accum_den = 0.0f;
  for (unsigned i = 0; i < ref.height; ++i) {
    common::reflected_rows(f, ref, i, rows_a_.data());
    common::reflected_rows(f, dis, i, rows_b_.data());
    float* v[5] = {v_[0].data(), v_[1].data(), v_[2].data(), v_[3].data(), v_[4].data()};
    const float* h[5] = {h_[0].data(), h_[1].data(), h_[2].data(), h_[3].data(), h_[4].data()};
    dsp_.vertical5(f.taps.data(), f.size(), rows_a_.data(), rows_b_.data(), w, v);
    for (int q = 0; q < 5; ++q) filter_.horizontal(f.taps.data(), f.size(), v[q], w, h_[q].data());
    dsp_.statistic(h, w, stat_, num_.data(), den_.data());
    // vif_statistic_s: one float sum per row, added to the scale's float totals.
    float row_num = 0.0f, row_den = 0.0f;
    for (unsigned j = 0; j < w; ++j) {
      row_num += num_[j];
      row_den += den_[j];
    }
    accum_num += row_num;
    accum_den += row_den;
  }
  return {accum_num, accum_den};
}

void FloatVifExtractor::submit(const FrameInput& f) {
  const unsigned w = plan_.width, h = plan_.height;
  if (plan_.resample) {
    common::convert_plane(f.ref->plane(0), bpc_, -128, w, h, ref_in_);
    common::convert_plane(f.dis->plane(0), bpc_, -128, w, h, dis_in_);
    common::resample_image(cfg_.method, plan_.axis_x, plan_.axis_y, ref_in_, ref_[0]);
    common::resample_image(cfg_.method, plan_.axis_x, plan_.axis_y, dis_in_, dis_[0]);
  } else {
    common::convert_plane(f.ref->plane(0), bpc_, -128, w, h, ref_[0]);
    common::convert_plane(f.dis->plane(0), bpc_, -128, w, h, dis_[0]);
  }
  for (int s = 0; s < kScales; ++s) {
    if (s > 0) {
      decimate(s, ref_[s - 1], ref_[s]);
      decimate(s, dis_[s - 1], dis_[s]);
    }
    if (s >= cfg_.first_scale()) sums_[s] = scale_sums(s, ref_[s], dis_[s]);
  }
}

void FloatVifExtractor::collect(unsigned index, FeatureSink& sink) { emit_scores(cfg_, sums_, names_, index, sink); }

FASTVMAF_REGISTER_BACKEND("float_vif", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<FloatVifExtractor>(o); });

}  // namespace fastvmaf::float_vif
