#include "features/ssim/ssim.hpp"

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
  const SsimPlan p = plan_ssim(scale_override_, clip_db_, g.width, g.height, g.bpc);
  factor_ = p.factor;
  bpc_ = g.bpc;
  max_db_ = p.max_db;
  const std::size_t n = static_cast<std::size_t>(p.w) * static_cast<std::size_t>(p.h);
  if (factor_ == 1) {
    ref_.resize(n);
    dis_.resize(n);
  } else {
    ref_small_.resize(n);
    dis_small_.resize(n);
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
  values_ = ssim_values(map_.compute(a, b, w, h), enable_db_, max_db_);
}

void FloatSsimExtractor::collect(unsigned index, FeatureSink& sink) { emit_ssim(values_, enable_lcs_, index, sink); }

SsimValues ssim_values(const SsimMeans& m, bool enable_db, double max_db) {
  SsimValues v;
  v.score = static_cast<double>(m.ssim);
  if (enable_db) v.score = to_db(v.score, max_db);
  v.l = m.l;
  v.c = m.c;
  v.s = m.s;
  return v;
}

void emit_ssim(const SsimValues& v, bool enable_lcs, unsigned index, FeatureSink& sink) {
  sink.append("float_ssim", index, v.score);
  if (!enable_lcs) return;
  sink.append("float_ssim_l", index, v.l);
  sink.append("float_ssim_c", index, v.c);
  sink.append("float_ssim_s", index, v.s);
}

FASTVMAF_REGISTER_BACKEND("float_ssim", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<FloatSsimExtractor>(o); });

}  // namespace fastvmaf::ssim
