#include "features/ssim/ms_ssim.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "core/registry.hpp"
#include "features/ssim/ssim_options.hpp"

namespace fastvmaf::ssim {

namespace {
const char* const kNames[3][kScales] = {
    {"float_ms_ssim_l_scale0", "float_ms_ssim_l_scale1", "float_ms_ssim_l_scale2", "float_ms_ssim_l_scale3",
     "float_ms_ssim_l_scale4"},
    {"float_ms_ssim_c_scale0", "float_ms_ssim_c_scale1", "float_ms_ssim_c_scale2", "float_ms_ssim_c_scale3",
     "float_ms_ssim_c_scale4"},
    {"float_ms_ssim_s_scale0", "float_ms_ssim_s_scale1", "float_ms_ssim_s_scale2", "float_ms_ssim_s_scale3",
     "float_ms_ssim_s_scale4"},
};
}  // namespace

FloatMsSsimExtractor::FloatMsSsimExtractor(const OptionSet& o)
    : enable_lcs_(o.get_bool("enable_lcs")),
      enable_db_(o.get_bool("enable_db")),
      clip_db_(o.get_bool("clip_db")),
      map_(make_dsp(cpu::active())) {}

MsSsimPlan plan_ms_ssim(bool clip_db, unsigned width, unsigned height, unsigned bpc) {
  if (const std::string e = unsupported_depth("float_ms_ssim", bpc); !e.empty()) throw std::invalid_argument(e);
  const int w = static_cast<int>(width), h = static_cast<int>(height);
  if (!ms_ssim_fits(w, h))
    throw std::invalid_argument(fmt::format(
        "float_ms_ssim: the frame {}x{} is too small: MS-SSIM needs at least {}x{} (its 5 scales halve the frame 4 "
        "times and each must hold the 11x11 window; libvmaf fails with \"scale below 1x1\")",
        w, h, kMsSsimMinSize, kMsSsimMinSize));
  MsSsimPlan p;
  p.max_db = max_db(clip_db, bpc, width, height);
  p.w[0] = w;
  p.h[0] = h;
  for (int s = 1; s < kScales; ++s) {
    p.w[s] = decimated_size(p.w[s - 1], 2);
    p.h[s] = decimated_size(p.h[s - 1], 2);
  }
  return p;
}

MsSsimScores ms_ssim_scores(const std::array<SsimMeans, kScales>& means, bool enable_db, double max_db,
                            unsigned frame) {
  MsSsimScores out;
  double msssim = 1.0;
  for (int s = 0; s < kScales; ++s) {
    const SsimMeans& m = means[s];
    // pow of the float means with the float exponents, both widened to double.
    msssim *= std::pow(static_cast<double>(m.l), static_cast<double>(kAlpha[s])) *
              std::pow(static_cast<double>(m.c), static_cast<double>(kBeta[s])) *
              std::pow(static_cast<double>(m.s), static_cast<double>(kGamma[s]));
    out.l[s] = m.l;
    out.c[s] = m.c;
    out.s[s] = m.s;
    if (msssim == std::numeric_limits<double>::infinity())
      throw std::runtime_error(
          fmt::format("float_ms_ssim: frame {}: the product of the scales is infinite at scale {} (libvmaf fails "
                      "there too)",
                      frame, s));
  }
  out.score = enable_db ? to_db(msssim, max_db) : msssim;
  return out;
}

void emit_ms_ssim(const MsSsimScores& scores, bool enable_lcs, unsigned index, FeatureSink& sink) {
  sink.append("float_ms_ssim", index, scores.score);
  if (!enable_lcs) return;
  const std::array<double, kScales>* terms[3] = {&scores.l, &scores.c, &scores.s};
  for (int t = 0; t < 3; ++t)
    for (int s = 0; s < kScales; ++s) sink.append(kNames[t][s], index, (*terms[t])[s]);
}

void FloatMsSsimExtractor::init(const VideoGeometry& g) {
  const MsSsimPlan p = plan_ms_ssim(clip_db_, g.width, g.height, g.bpc);
  bpc_ = g.bpc;
  max_db_ = p.max_db;
  w_ = p.w;
  h_ = p.h;
  for (int s = 0; s < kScales; ++s) {
    const std::size_t n = static_cast<std::size_t>(w_[s]) * static_cast<std::size_t>(h_[s]);
    ref_[s].resize(n);
    dis_[s].resize(n);
  }
}

void FloatMsSsimExtractor::submit(const FrameInput& f) {
  luma_to_float(f.ref->plane(0), bpc_, ref_[0].data());
  luma_to_float(f.dis->plane(0), bpc_, dis_[0].data());
  for (int s = 1; s < kScales; ++s) {
    int sw = 0, sh = 0;
    decimate_lpf(ref_[s - 1].data(), w_[s - 1], h_[s - 1], ref_[s].data(), sw, sh, map_.dsp());
    decimate_lpf(dis_[s - 1].data(), w_[s - 1], h_[s - 1], dis_[s].data(), sw, sh, map_.dsp());
  }
  std::array<SsimMeans, kScales> means;
  for (int s = 0; s < kScales; ++s) means[s] = map_.compute(ref_[s].data(), dis_[s].data(), w_[s], h_[s]);
  scores_ = ms_ssim_scores(means, enable_db_, max_db_, f.index);
}

void FloatMsSsimExtractor::collect(unsigned index, FeatureSink& sink) {
  emit_ms_ssim(scores_, enable_lcs_, index, sink);
}

FASTVMAF_REGISTER_BACKEND("float_ms_ssim", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<FloatMsSsimExtractor>(o); });

}  // namespace fastvmaf::ssim
