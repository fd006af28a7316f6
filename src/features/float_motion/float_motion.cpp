#include "features/float_motion/float_motion.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "common/float_picture.hpp"
#include "core/registry.hpp"

namespace fastvmaf::float_motion {

FloatMotionExtractor::FloatMotionExtractor(const OptionSet& o)
    : p_(Params::from(o)),
      names_(make_feature_names(o)),
      taps_(blur_taps(p_.filter_size)),
      filter_(common::make_float_filter_dsp(cpu::active())) {}

void FloatMotionExtractor::init(const VideoGeometry& g) {
  const std::vector<PlaneSize> sizes = plane_sizes(g, p_);  // the checks, shared with the twin
  bpc_ = g.bpc;
  channels_.assign(sizes.size(), Channel{});
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    Channel& ch = channels_[c];
    ch.width = sizes[c].w;
    ch.height = sizes[c].h;
    ch.input.resize(ch.width, ch.height);
    for (auto& b : ch.blur) b.resize(ch.width, ch.height);
    if (p_.add_scale1) {
      ch.axis_x = common::make_resample_axis(common::PrescaleMethod::Bilinear, static_cast<int>(ch.width),
                                             static_cast<int>(sizes[c].sw));
      ch.axis_y = common::make_resample_axis(common::PrescaleMethod::Bilinear, static_cast<int>(ch.height),
                                             static_cast<int>(sizes[c].sh));
      for (auto& s : ch.scaled) s.resize(sizes[c].sw, sizes[c].sh);
    }
  }
}

float FloatMotionExtractor::channel_score(const Channel& c, unsigned a, unsigned b) const {
  const float s0 = mean_abs_diff(c.blur[a], c.blur[b]);
  return p_.add_scale1 ? float_motion::channel_score(s0, mean_abs_diff(c.scaled[a], c.scaled[b]), true) : s0;
}

double FloatMotionExtractor::score(unsigned a, unsigned b) const {
  double s = channel_score(channels_[0], a, b);
  for (std::size_t c = 1; c < channels_.size(); ++c) s += channel_score(channels_[c], a, b);
  return s;
}

void FloatMotionExtractor::submit(const FrameInput& f) {
  pending_.clear();
  const unsigned i = f.index;
  if (p_.force_zero) {
    series_.frame(i, 0., 0., p_, names_, pending_);
    return;
  }
  if (series_.seen() && i != series_.last_index() + 1)
    throw std::logic_error(fmt::format("float_motion: frame {} arrived after frame {}", i, series_.last_index()));
  const unsigned cur = i % 3, before = (i + 2) % 3, before2 = (i + 1) % 3;
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    Channel& ch = channels_[c];
    common::convert_plane(f.ref->plane(static_cast<int>(c)), bpc_, -128, ch.width, ch.height, ch.input);
    common::filter_image(filter_, taps_, ch.input, ch.blur[cur], tmp_);
    if (p_.add_scale1)
      common::resample_image(common::PrescaleMethod::Bilinear, ch.axis_x, ch.axis_y, ch.blur[cur], ch.scaled[cur]);
  }
  const double s = i >= 1 ? score(before, cur) : 0.;
  const double s2 = i >= 2 ? score(before, before2) : 0.;
  series_.frame(i, s, s2, p_, names_, pending_);
}

void FloatMotionExtractor::collect(unsigned, FeatureSink& sink) {
  for (const Series::Entry& e : pending_) sink.append(*e.name, e.index, e.value);
  pending_.clear();
}

void FloatMotionExtractor::flush(FeatureCollector& collector) { series_.flush(collector, p_, names_); }

void FloatMotionExtractor::restart() {
  series_.restart();
  pending_.clear();
}

std::vector<std::uint64_t> FloatMotionExtractor::carry() const { return series_.carry(); }

void FloatMotionExtractor::absorb(const std::vector<std::uint64_t>& later) { series_.absorb(later); }

FASTVMAF_REGISTER_BACKEND("float_motion", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<FloatMotionExtractor>(o); });

}  // namespace fastvmaf::float_motion
