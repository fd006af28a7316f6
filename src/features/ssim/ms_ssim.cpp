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

void FloatMsSsimExtractor::init(const VideoGeometry& g) {
  if (const std::string e = unsupported_depth("float_ms_ssim", g.bpc); !e.empty()) throw std::invalid_argument(e);
  const int w = static_cast<int>(g.width), h = static_cast<int>(g.height);
  if (!ms_ssim_fits(w, h))
    throw std::invalid_argument(fmt::format(
        "float_ms_ssim: the frame {}x{} is too small: MS-SSIM needs at least {}x{} (its 5 scales halve the frame 4 "
        "times and each must hold the 11x11 window; libvmaf fails with \"scale below 1x1\")",
        w, h, kMsSsimMinSize, kMsSsimMinSize));
  bpc_ = g.bpc;
  max_db_ = max_db(clip_db_, g.bpc, g.width, g.height);
  w_[0] = w;
  h_[0] = h;
  for (int s = 1; s < kScales; ++s) {
    w_[s] = decimated_size(w_[s - 1], 2);
    h_[s] = decimated_size(h_[s - 1], 2);
  }
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
  double msssim = 1.0;
  for (int s = 0; s < kScales; ++s) {
    const SsimMeans m = map_.compute(ref_[s].data(), dis_[s].data(), w_[s], h_[s]);
    // pow of the float means with the float exponents, both widened to double.
    msssim *= std::pow(static_cast<double>(m.l), static_cast<double>(kAlpha[s])) *
              std::pow(static_cast<double>(m.c), static_cast<double>(kBeta[s])) *
              std::pow(static_cast<double>(m.s), static_cast<double>(kGamma[s]));
    scores_.l[s] = m.l;
    scores_.c[s] = m.c;
    scores_.s[s] = m.s;
    if (msssim == std::numeric_limits<double>::infinity())
      throw std::runtime_error(
          fmt::format("float_ms_ssim: frame {}: the product of the scales is infinite at scale {} (libvmaf fails "
                      "there too)",
                      f.index, s));
  }
  scores_.score = enable_db_ ? to_db(msssim, max_db_) : msssim;
}

void FloatMsSsimExtractor::collect(unsigned index, FeatureSink& sink) {
  sink.append("float_ms_ssim", index, scores_.score);
  if (!enable_lcs_) return;
  const std::array<double, kScales>* terms[3] = {&scores_.l, &scores_.c, &scores_.s};
  for (int t = 0; t < 3; ++t)
    for (int s = 0; s < kScales; ++s) sink.append(kNames[t][s], index, (*terms[t])[s]);
}

FASTVMAF_REGISTER_BACKEND("float_ms_ssim", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<FloatMsSsimExtractor>(o); });

}  // namespace fastvmaf::ssim
