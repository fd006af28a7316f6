// The VIF twin's plan, on the host (src/features/vif/gpu/): the twin's planes of scales
// 1..3, every launch's arguments and grid, and the host finish of a frame's slot. The twin
// (vif_twin.cpp), its kernels' launcher and the host replay use it; the work-items are
// vif_work.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/extractor.hpp"
#include "features/vif/gpu/vif_work.hpp"
#include "features/vif/vif_params.hpp"

namespace fastvmaf::vif::twin {

// Samples of the twin's planes of scales 1..3 for a picture of w x h (ref and dis each).
inline std::size_t scaled_samples(unsigned w, unsigned h) {
  std::size_t n = 0;
  for (int s = 1; s < kScales; ++s) n += static_cast<std::size_t>(w >> s) * (h >> s);
  return n;
}
// Points f.scaled at consecutive planes of `base` (2 * scaled_samples(w, h) samples).
inline void carve_scaled(FrameArgs& f, std::uint16_t* base) {
  for (int s = 1; s < kScales; ++s)
    for (int side = 0; side < 2; ++side) {
      f.scaled[s][side] = base;
      base += static_cast<std::size_t>(f.w >> s) * (f.h >> s);
    }
}

inline ScaleArgs scale_args(const FrameArgs& f, int s) {
  ScaleArgs a;
  if (s == 0) {
    a.ref = f.ref;
    a.dis = f.dis;
    a.ref_pitch = f.ref_pitch;
    a.dis_pitch = f.dis_pitch;
  } else {
    a.ref = reinterpret_cast<const std::uint8_t*>(f.scaled[s][0]);
    a.dis = reinterpret_cast<const std::uint8_t*>(f.scaled[s][1]);
    a.ref_pitch = a.dis_pitch = static_cast<std::size_t>(f.w >> s) * sizeof(std::uint16_t);
  }
  a.w = f.w >> s;
  a.h = f.h >> s;
  if (s + 1 < kScales) {
    a.next_ref = f.scaled[s + 1][0];
    a.next_dis = f.scaled[s + 1][1];
  }
  a.stat = !(s == 0 && f.skip_scale0);
  a.stat_rnd = stat_rounding(s, f.bpc);
  a.next_rnd = subsample_rounding(s, f.bpc);
  a.gain_limit = f.gain_limit;
  a.log2 = f.log2;
  a.sums = &f.results->scale[s];
  return a;
}

// The host finish of a frame's slot: the CPU extractor's finish_scale() of every scale's
// sums, then its emit_scores() (the same floats, the same order of sums).
inline void emit_results(const Results& r, bool skip_scale0, bool debug, const FeatureNames& names, unsigned index,
                         FeatureSink& sink) {
  ScaleScore scores[kScales];
  for (int s = 0; s < kScales; ++s) scores[s] = finish_scale(r.scale[s]);
  emit_scores(scores, skip_scale0, debug, names, index, sink);
}

struct Grid {
  unsigned x = 0, y = 0;
};
inline Grid grid_of(const ScaleArgs& a) { return {(a.w + kTileW - 1) / kTileW, (a.h + kTileH - 1) / kTileH}; }

}  // namespace fastvmaf::vif::twin
