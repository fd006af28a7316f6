// Random float rows for the float family's tables (float_filter, float_vif, float_adm):
// converted samples (picture_copy's -128..127.x), filter outputs, small values near the
// statistic's and the decouple's thresholds, wide values, and occasionally zeros of both
// signs (whose sign a sum from 0 must keep) and other specials, so that every branch of the C entries is taken.
#pragma once

#include <cmath>
#include <limits>
#include <vector>

#include "common/gaussian.hpp"
#include "dsp_check.hpp"

namespace fastvmaf::dsp_test {

inline float draw_float(Rng& rng, int shape, bool specials) {
  std::uniform_real_distribution<float> sample(-128.0f, 128.0f), wide(-1e6f, 1e6f), tiny(-1e-3f, 1e-3f);
  if (specials && rng() % 23 == 0) {
    const float s[] = {0.0f, -0.0f, 1e-12f, -1e-12f, 1e-30f, 1.0f, 2.0f, 1e30f, -1e30f, 1e-40f};
    return s[rng() % std::size(s)];
  }
  switch (shape) {
    case 0: return sample(rng);
    case 1: return static_cast<float>(static_cast<int>(rng() % 256) - 128);  // 8-bit samples, exact
    case 2: return static_cast<float>(static_cast<int>(rng() % 1024)) / 4.0f - 128.0f;  // 10-bit
    case 3: return rng() % 4 ? tiny(rng) : sample(rng);
    case 4: return wide(rng);
    default: return rng() % 4 ? (rng() % 2 ? 0.0f : -0.0f) : sample(rng);  // zeros of either sign
  }
}

// n floats of one random shape.
inline void fill_floats(Rng& rng, float* p, std::size_t n, bool specials = true) {
  const int shape = static_cast<int>(rng() % 6);
  for (std::size_t i = 0; i < n; ++i) p[i] = draw_float(rng, shape, specials);
}

// Filter taps: libvmaf's (every scale of a few kernel scales, float_motion's blurs) or
// random ones of a random odd count.
inline std::vector<float> random_taps(Rng& rng) {
  switch (rng() % 4) {
    case 0: {
      const float ks[] = {0.5f, 1.0f, 1.5f, 2.0f, 3.0f};
      return common::vif_filter_taps(static_cast<int>(rng() % 4), ks[rng() % std::size(ks)]);
    }
    case 1: return common::vif_filter_taps(static_cast<int>(rng() % 4), 1.0f);
    case 2: {
      // float_motion's 5-tap blur and its no-op, and a 3-tap one.
      const std::vector<std::vector<float>> t = {{0.054488685f, 0.244201342f, 0.402619947f, 0.244201342f, 0.054488685f},
                                                 {0.0f, 0.0f, 1.0f, 0.0f, 0.0f},
                                                 {0.166378498f, 0.667243004f, 0.166378498f}};
      return t[rng() % t.size()];
    }
    default: {
      std::vector<float> t(1 + 2 * (rng() % 18));
      std::uniform_real_distribution<float> u(-0.3f, 1.0f);
      for (float& x : t) x = u(rng);
      return t;
    }
  }
}

}  // namespace fastvmaf::dsp_test
