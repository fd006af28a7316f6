// libvmaf's float MS-SSIM extractor ("float_ms_ssim", float_ms_ssim.c and ms_ssim.c)
// on the CPU: the luma in float at five scales (each the previous one low-passed and
// halved), the SSIM map's l, c, s means at every scale, combined with Wang's
// exponents; float_ms_ssim (in dB with enable_db, clipped with clip_db) and, with
// enable_lcs, every scale's l, c and s. Frames below 176x176 are refused: libvmaf
// fails there ("scale below 1x1").
#pragma once

#include <array>
#include <vector>

#include "core/extractor.hpp"
#include "features/ssim/ssim_map.hpp"
#include "features/ssim/ssim_params.hpp"

namespace fastvmaf::ssim {

// One frame's MS-SSIM: the combined score and each scale's means.
struct MsSsimScores {
  double score = 0;
  std::array<double, kScales> l{}, c{}, s{};
};

// float_ms_ssim's plan of a w x h luma: the five scales' sizes (each the previous one's
// decimated_size by 2) and the dB ceiling. Throws std::invalid_argument for an unsupported
// depth or a frame below 176x176. The CPU extractor and its twin both plan with it.
struct MsSsimPlan {
  std::array<int, kScales> w{}, h{};
  double max_db = 0;
};
MsSsimPlan plan_ms_ssim(bool clip_db, unsigned width, unsigned height, unsigned bpc);

// Frame `frame`'s scores from each scale's means: Wang's product of pow(l, alpha),
// pow(c, beta) and pow(s, gamma) in double (libm), in dB with enable_db. Throws
// std::runtime_error where the product is infinite (libvmaf fails there too). The CPU
// extractor and the twin's finish both take it.
MsSsimScores ms_ssim_scores(const std::array<SsimMeans, kScales>& means, bool enable_db, double max_db,
                            unsigned frame);
// float_ms_ssim, and with enable_lcs every scale's l, c and s.
void emit_ms_ssim(const MsSsimScores& scores, bool enable_lcs, unsigned index, FeatureSink& sink);

class FloatMsSsimExtractor final : public FeatureExtractor {
 public:
  explicit FloatMsSsimExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

  const MsSsimScores& scores() const { return scores_; }

 private:
  bool enable_lcs_, enable_db_, clip_db_;
  double max_db_ = 0;
  unsigned bpc_ = 8;
  std::array<int, kScales> w_{}, h_{};
  std::array<std::vector<float>, kScales> ref_, dis_;
  SsimMap map_;
  MsSsimScores scores_;
};

}  // namespace fastvmaf::ssim
