#include "features/motion/motion.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "core/reference_memo.hpp"
#include "core/registry.hpp"

namespace fastvmaf::motion {

namespace {
// Bands of at least this many rows, at most kMaxBands a frame (core/parallel.hpp): the
// rows of a band re-take only the 4 differences above their first row.
constexpr unsigned kMinBandRows = 128, kMaxBands = 16;
}  // namespace

MotionExtractor::MotionExtractor(const OptionSet& o)
    : p_(Params::from(o)), names_(make_feature_names(o)), dsp_(make_dsp(cpu::active())) {}

void MotionExtractor::init(const VideoGeometry& g) {
  check_geometry(g);
  w_ = g.width;
  h_ = g.height;
  bpc_ = g.bpc;
}

void MotionExtractor::submit(const FrameInput& f) {
  score_ = 0.;
  if (p_.force_zero || f.index < p_.min_index()) return;
  const Picture* prev = p_.five_frame_window ? f.prev_prev_ref : f.prev_ref;
  if (!prev)
    throw std::logic_error(fmt::format("motion: frame {} arrived without the reference of frame {}", f.index,
                                       f.index - p_.min_index()));
  // Integer sums: the bands' SADs add up to libvmaf's whatever the split.
  auto frame_sad = [&] {
    const unsigned bands = band_count(h_, kMinBandRows, kMaxBands, h_);
    std::uint64_t band_sad[kMaxBands] = {};
    parallel_for(f.parallel, bands, [&](unsigned b) {
      thread_local SadScratch scratch;
      band_sad[b] = sad_rows(prev->plane(0), f.ref->plane(0), bpc_, band_begin(h_, bands, b),
                             band_begin(h_, bands, b + 1), dsp_, scratch);
    });
    std::uint64_t sad = 0;
    for (unsigned b = 0; b < bands; ++b) sad += band_sad[b];
    return sad;
  };
  // The SAD reads the reference pictures of this frame and of the one the window names,
  // nothing else: on an encoding ladder every encode's run has the same ones at this index,
  // so one run computes it for all. The score's options apply per run, after.
  const std::uint64_t sad = f.reference_memo
                                ? f.reference_memo->once(p_.five_frame_window ? "motion_sad:i-2" : "motion_sad:i-1",
                                                         f.index, frame_sad)
                                : frame_sad();
  score_ = sad_score(sad, w_, h_, p_);
}

void MotionExtractor::collect(unsigned index, FeatureSink& sink) {
  sink.append(names_.sad, index, score_);
  if (p_.debug) sink.append(names_.motion, index, score_);
}

void MotionExtractor::flush(FeatureCollector& collector) { derive_motion2_3(collector, names_, p_); }

FASTVMAF_REGISTER_BACKEND("motion", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<MotionExtractor>(o); });

}  // namespace fastvmaf::motion
