#include "features/float_psnr/float_psnr.hpp"

#include "core/registry.hpp"
#include "features/float_psnr/float_psnr_params.hpp"

namespace fastvmaf::float_psnr {

FloatPsnrExtractor::FloatPsnrExtractor(const OptionSet&) {}

void FloatPsnrExtractor::init(const VideoGeometry& g) {
  // libvmaf's init knows the peaks of 8, 10, 12 and 16 bits only and fails otherwise.
  common::require_float_depth("float_psnr", g.bpc);
  w_ = g.width;
  h_ = g.height;
  bpc_ = g.bpc;
  peak_ = common::float_peak(g.bpc);
}

void FloatPsnrExtractor::submit(const FrameInput& f) {
  score_ = psnr_score(noise_sum(f.ref->plane(0), f.dis->plane(0), bpc_, w_, h_), w_, h_, peak_);
}

void FloatPsnrExtractor::collect(unsigned index, FeatureSink& sink) { sink.append("float_psnr", index, score_); }

FASTVMAF_REGISTER_BACKEND("float_psnr", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<FloatPsnrExtractor>(o); });

}  // namespace fastvmaf::float_psnr
