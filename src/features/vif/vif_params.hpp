// Constants of libvmaf's integer VIF (integer_vif.h, integer_vif.c) and the host
// arithmetic that turns per-scale accumulators into feature values. The CPU
// extractor and its GPU twins share this one copy.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/extractor.hpp"
#include "features/vif/vif_math.hpp"

namespace fastvmaf::vif {

inline constexpr int kScales = 4;

// Filter taps per scale (vif_filter1d_table). Each filter sums to 65536.
inline constexpr std::array<std::uint16_t, 17> kFilter0 = {489,  935,  1640, 2640, 3896, 5274, 6547, 7455, 7784,
                                                           7455, 6547, 5274, 3896, 2640, 1640, 935,  489};
inline constexpr std::array<std::uint16_t, 9> kFilter1 = {1244, 3663, 7925, 12590, 14692, 12590, 7925, 3663, 1244};
inline constexpr std::array<std::uint16_t, 5> kFilter2 = {3571, 16004, 26386, 16004, 3571};
inline constexpr std::array<std::uint16_t, 3> kFilter3 = {10904, 43728, 10904};
inline constexpr int kFilterWidth[kScales] = {17, 9, 5, 3};
const std::uint16_t* filter_taps(int scale);

namespace detail {
template <std::size_t W>
constexpr bool taps_agree(int scale, const std::array<std::uint16_t, W>& f) {
  for (std::size_t k = 0; k < W; ++k)
    if (filter_tap(scale, static_cast<int>(k)) != f[k]) return false;
  return W == static_cast<std::size_t>(kFilterWidth[scale]);
}
}  // namespace detail
// vif_math.hpp's filter_tap() (what kernels read) is these tables.
static_assert(detail::taps_agree(0, kFilter0) && detail::taps_agree(1, kFilter1) && detail::taps_agree(2, kFilter2) &&
              detail::taps_agree(3, kFilter3));

// The smallest width and height VIF accepts. Scale s works on the picture decimated
// s times (w >> s, h >> s); libvmaf's mirror padding is a true reflection only while
// every scale is wider and taller than the half-width of the filters that read it
// (its own and the next scale's). The tightest is scale 3: 16 >> 3 = 2 > 3 / 2.
// Below that libvmaf reads stale rows or outside its buffers.
inline constexpr unsigned kMinSize = 16;

// The extractor's checks of the picture (size, bit depth), with its messages: the CPU
// extractor and the twins call it in init. Throws std::invalid_argument.
void check_geometry(const VideoGeometry& geometry);

// Rounding of the vertical pass: (sum + round) >> shift, for the filtered means
// (mu) and the second moments (sq). libvmaf: vif_statistic_8/16, subsample_rd_8/16.
struct VerticalRounding {
  std::uint32_t mu_round;
  int mu_shift;
  std::uint32_t sq_round;
  int sq_shift;
};
// The statistic at `scale` on samples of `bpc` bits (scale 0) or on the previous
// scale's 16-bit means (scale > 0).
VerticalRounding stat_rounding(int scale, unsigned bpc);
// The low-pass filter that produces scale `scale + 1` from scale `scale` (only mu is used).
VerticalRounding subsample_rounding(int scale, unsigned bpc);

// libvmaf's log_generate(): table[i - kLog2Base] = round(log2f(i) * 2048) for
// i in [32768, 65535], the only indices log2_32 / log2_64 look up. One zero entry
// follows the last, so a 32-bit read at any index stays inside.
const std::uint16_t* log2_table();

// One scale's result as libvmaf keeps it: float num and den.
struct ScaleScore {
  float num = 0.0f;
  float den = 0.0f;
};
// num / den of one scale from its accumulators (end of vif_statistic_8/16).
ScaleScore finish_scale(const VifAccum& acc);

// The collector keys of one extractor instance (libvmaf's feature_name_dict).
struct FeatureNames {
  std::string scale[kScales];
  std::string vif, vif_num, vif_den;
  std::string num_scale[kScales], den_scale[kScales];
};
FeatureNames make_feature_names(const OptionSet& options);

// libvmaf's write_scores(): the four scale scores, and with `debug` the combined
// score and every num / den. `scores[0]` is ignored when `skip_scale0`.
void emit_scores(const ScaleScore (&scores)[kScales], bool skip_scale0, bool debug, const FeatureNames& names,
                 unsigned index, FeatureSink& sink);

}  // namespace fastvmaf::vif
