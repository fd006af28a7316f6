#include "features/float_motion/float_motion.hpp"

#include <bit>
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
  common::require_float_depth("float_motion", g.bpc);
  bpc_ = g.bpc;
  if (p_.add_scale1 && scale1_size(g.width) > common::kBilinearMaxWidth)
    throw std::invalid_argument(fmt::format(
        "float_motion: motion_add_scale1 halves the picture with libvmaf's bilinear scaler, which takes at most "
        "{} columns; the picture is {} wide",
        common::kBilinearMaxWidth, g.width));
  // libvmaf's chroma planes are floor(w / 2) (floor(h / 2) for 4:2:0); ours hold the
  // ceiling, so an odd size's last chroma column or row is not read.
  const unsigned sx = static_cast<unsigned>(chroma_shift_x(g.format));
  const unsigned sy = static_cast<unsigned>(chroma_shift_y(g.format));
  channels_.assign(p_.add_uv ? 3 : 1, Channel{});
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    Channel& ch = channels_[c];
    ch.width = c == 0 ? g.width : g.width >> sx;
    ch.height = c == 0 ? g.height : g.height >> sy;
    const unsigned min = taps_.min_size();
    if (ch.width < min || ch.height < min)
      throw std::invalid_argument(fmt::format(
          "float_motion: the {} is {}x{}, too small: its {}-tap blur mirrors {} samples at each edge, which needs "
          "at least {}x{}",
          c == 0 ? "picture" : "chroma plane", ch.width, ch.height, taps_.size(), taps_.radius(), min, min));
    ch.input.resize(ch.width, ch.height);
    for (auto& b : ch.blur) b.resize(ch.width, ch.height);
    if (p_.add_scale1) {
      const unsigned sw = scale1_size(ch.width), sh = scale1_size(ch.height);
      ch.axis_x = common::make_resample_axis(common::PrescaleMethod::Bilinear, static_cast<int>(ch.width),
                                             static_cast<int>(sw));
      ch.axis_y = common::make_resample_axis(common::PrescaleMethod::Bilinear, static_cast<int>(ch.height),
                                             static_cast<int>(sh));
      for (auto& s : ch.scaled) s.resize(sw, sh);
    }
  }
}

float FloatMotionExtractor::channel_score(const Channel& c, unsigned a, unsigned b) const {
  const float s0 = mean_abs_diff(c.blur[a], c.blur[b]);
  if (!p_.add_scale1) return s0;
  return s0 + mean_abs_diff(c.scaled[a], c.scaled[b]);
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
    pending_.push_back({&names_.motion2, i, 0.});
    pending_.push_back({&names_.motion3, i, 0.});
    if (p_.debug) pending_.push_back({&names_.motion, i, 0.});
    return;
  }
  if (seen_ && i != index_ + 1)
    throw std::logic_error(fmt::format("float_motion: frame {} arrived after frame {}", i, index_));
  seen_ = true;
  index_ = i;
  const unsigned cur = i % 3, before = (i + 2) % 3, before2 = (i + 1) % 3;
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    Channel& ch = channels_[c];
    common::convert_plane(f.ref->plane(static_cast<int>(c)), bpc_, -128, ch.width, ch.height, ch.input);
    common::filter_image(filter_, taps_, ch.input, ch.blur[cur], tmp_);
    if (p_.add_scale1)
      common::resample_image(common::PrescaleMethod::Bilinear, ch.axis_x, ch.axis_y, ch.blur[cur], ch.scaled[cur]);
  }
  if (i == 0) {
    pending_.push_back({&names_.motion2, 0, 0.});
    if (p_.debug) pending_.push_back({&names_.motion, 0, 0.});
    return;
  }
  const double s = score(before, cur);
  if (p_.debug) pending_.push_back({&names_.motion, i, weighted(s, p_)});
  score_ = s;
  if (i == 1) {
    pending_.push_back({&names_.motion3, 0, blended(s, p_)});
    return;
  }
  double s2 = score(before, before2);
  s2 = s2 < s ? s2 : s;
  pending_.push_back({&names_.motion2, i - 1, weighted(s2, p_)});
  pending_.push_back({&names_.motion3, i - 1, blended(s2, p_)});
}

void FloatMotionExtractor::collect(unsigned, FeatureSink& sink) {
  for (const Entry& e : pending_) sink.append(*e.name, e.index, e.value);
  pending_.clear();
}

void FloatMotionExtractor::flush(FeatureCollector& collector) {
  if (p_.force_zero || !seen_) return;  // libvmaf has no flush with motion_force_zero
  if (index_ > 0) {
    collector.append(names_.motion2, index_, weighted(score_, p_));
    collector.append(names_.motion3, index_, blended(score_, p_));
  } else {
    collector.append(names_.motion3, 0, 0.);
  }
}

void FloatMotionExtractor::restart() {
  seen_ = false;
  pending_.clear();
}

// {seen, index, score's bits} of the segment's last frame (warm-up frames come before
// every scored one, so the last frame seen is a scored one).
std::vector<std::uint64_t> FloatMotionExtractor::carry() const {
  return {seen_ ? 1u : 0u, index_, std::bit_cast<std::uint64_t>(score_)};
}

// A later segment's last frame replaces this one's.
void FloatMotionExtractor::absorb(const std::vector<std::uint64_t>& later) {
  if (later.size() != 3) throw std::invalid_argument("float_motion: a segment's carry is not its last frame");
  if (!later[0]) return;
  seen_ = true;
  index_ = static_cast<unsigned>(later[1]);
  score_ = std::bit_cast<double>(later[2]);
}

FASTVMAF_REGISTER_BACKEND("float_motion", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<FloatMotionExtractor>(o); });

}  // namespace fastvmaf::float_motion
