#include "features/ssim/ssim.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "core/registry.hpp"
#include "features/ssim/ssim_options.hpp"
#include "features/ssim/ssim_params.hpp"

namespace fastvmaf::ssim {

FloatSsimExtractor::FloatSsimExtractor(const OptionSet& o)
    : enable_lcs_(o.get_bool("enable_lcs")),
      enable_db_(o.get_bool("enable_db")),
      clip_db_(o.get_bool("clip_db")),
      scale_override_(o.get_int("scale")),
      map_(make_dsp(cpu::active())) {}

void FloatSsimExtractor::init(const VideoGeometry& g) {
  if (const std::string e = unsupported_depth("float_ssim", g.bpc); !e.empty()) throw std::invalid_argument(e);
  const int w = static_cast<int>(g.width), h = static_cast<int>(g.height);
  factor_ = scale_override_ > 0 ? scale_override_ : auto_scale(w, h);
  if (factor_ > 1 && (!box_filter_fits(w, factor_) || !box_filter_fits(h, factor_)))
    throw std::invalid_argument(fmt::format(
        "float_ssim: the frame {}x{} is too small for scale={}: its {}x{} low-pass would reach past the mirrored "
        "edge (libvmaf reads outside the picture there); use a smaller scale",
        w, h, factor_, factor_, factor_));
  bpc_ = g.bpc;
  max_db_ = max_db(clip_db_, g.bpc, g.width, g.height);
  if (factor_ == 1) {
    const std::size_t n = static_cast<std::size_t>(g.width) * g.height;
    ref_.resize(n);
    dis_.resize(n);
  } else {
    const std::size_t m =
        static_cast<std::size_t>(decimated_size(w, factor_)) * static_cast<std::size_t>(decimated_size(h, factor_));
    ref_small_.resize(m);
    dis_small_.resize(m);
  }
}

void FloatSsimExtractor::submit(const FrameInput& f) {
  const Plane& r = f.ref->plane(0);
  const Plane& d = f.dis->plane(0);
  int w = static_cast<int>(r.width), h = static_cast<int>(r.height);
  const float* a = ref_.data();
  const float* b = dis_.data();
  if (factor_ > 1) {
    decimate_box(r, bpc_, factor_, ref_small_.data(), w, h);
    decimate_box(d, bpc_, factor_, dis_small_.data(), w, h);
    a = ref_small_.data();
    b = dis_small_.data();
  } else {
    luma_to_float(r, bpc_, ref_.data());
    luma_to_float(d, bpc_, dis_.data());
  }
  const SsimMeans m = map_.compute(a, b, w, h);
  score_ = static_cast<double>(m.ssim);
  if (enable_db_) score_ = to_db(score_, max_db_);
  l_ = m.l;
  c_ = m.c;
  s_ = m.s;
}

void FloatSsimExtractor::collect(unsigned index, FeatureSink& sink) {
  sink.append("float_ssim", index, score_);
  if (!enable_lcs_) return;
  sink.append("float_ssim_l", index, l_);
  sink.append("float_ssim_c", index, c_);
  sink.append("float_ssim_s", index, s_);
}

FASTVMAF_REGISTER_BACKEND("float_ssim", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<FloatSsimExtractor>(o); });

}  // namespace fastvmaf::ssim
