#include "features/float_ansnr/float_ansnr.hpp"

#include "core/registry.hpp"

namespace fastvmaf::float_ansnr {

FloatAnsnrExtractor::FloatAnsnrExtractor(const OptionSet&) {}

void FloatAnsnrExtractor::init(const VideoGeometry& g) {
  // libvmaf's init knows the peaks of 8, 10, 12 and 16 bits only and fails otherwise.
  common::require_float_depth("float_ansnr", g.bpc);
  check_size(g.width, g.height);
  w_ = g.width;
  h_ = g.height;
  bpc_ = g.bpc;
  peak_ = common::float_peak(g.bpc);
  ref_.resize(w_, h_);
  dis_.resize(w_, h_);
}

void FloatAnsnrExtractor::submit(const FrameInput& f) {
  common::convert_plane(f.ref->plane(0), bpc_, -128, w_, h_, ref_);
  common::convert_plane(f.dis->plane(0), bpc_, -128, w_, h_, dis_);
  scores_ = scores(signal_noise(ref_, dis_), w_, h_, peak_);
}

void FloatAnsnrExtractor::collect(unsigned index, FeatureSink& sink) {
  sink.append("float_ansnr", index, scores_.ansnr);
  sink.append("float_anpsnr", index, scores_.anpsnr);
}

FASTVMAF_REGISTER_BACKEND("float_ansnr", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<FloatAnsnrExtractor>(o); });

}  // namespace fastvmaf::float_ansnr
